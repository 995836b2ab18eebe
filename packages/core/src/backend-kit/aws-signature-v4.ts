/**
 * AWS Signature Version 4 over Web Crypto (no AWS SDK): what Amazon OpenSearch Service (`es`)
 * and OpenSearch Serverless (`aoss`) accept from an IAM principal. Written from AWS's
 * "Create a signed AWS API request" (docs.aws.amazon.com/IAM/latest/UserGuide/
 * create-signed-request.html) and held to the published test suite (see the test).
 */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' token (STS, an instance or task role): sent as x-amz-security-token. */
  sessionToken?: string | undefined;
}

/** A request as it goes on the wire: the path and query exactly as sent, headers as pairs. */
export interface SignableRequest {
  method: string;
  /** The path as sent (`URL.pathname`: already percent-encoded once). */
  path: string;
  /** The query as sent, without its `?`. */
  query: string;
  /** Every header to sign, `host` included; a name may repeat. */
  headers: readonly (readonly [string, string])[];
  body?: string | Uint8Array | undefined;
}

export interface AwsSigningOptions {
  credentials: AwsCredentials;
  region: string;
  /** `es` for Amazon OpenSearch Service, `aoss` for OpenSearch Serverless. */
  service: string;
  now: Date;
  /** Send and sign `x-amz-content-sha256` (OpenSearch Serverless requires it). Default true. */
  signBody?: boolean;
}

export interface AwsSignature {
  /** The headers to add to the request: x-amz-date, x-amz-security-token, x-amz-content-sha256, authorization. */
  headers: [string, string][];
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const algorithm = "AWS4-HMAC-SHA256";
const encoder = new TextEncoder();

export async function signAwsRequest(
  request: SignableRequest,
  options: AwsSigningOptions,
): Promise<AwsSignature> {
  const { credentials, region, service } = options;
  const amzDate = options.now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = hex(await sha256(request.body ?? ""));
  const added: [string, string][] = [["x-amz-date", amzDate]];
  if (credentials.sessionToken) added.push(["x-amz-security-token", credentials.sessionToken]);
  if (options.signBody !== false) added.push(["x-amz-content-sha256", payloadHash]);
  const { canonical, signedHeaders } = canonicalHeaders([...request.headers, ...added]);
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.path),
    canonicalQuery(request.query),
    canonical,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [algorithm, amzDate, scope, hex(await sha256(canonicalRequest))].join("\n");
  let key: Uint8Array = encoder.encode(`AWS4${credentials.secretAccessKey}`);
  for (const part of [day, region, service, "aws4_request"]) key = await hmac(key, part);
  const signature = hex(await hmac(key, stringToSign));
  return {
    headers: [
      ...added,
      [
        "authorization",
        `${algorithm} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      ],
    ],
    canonicalRequest,
    stringToSign,
    signature,
  };
}

/**
 * Each segment percent-encoded (RFC 3986 unreserved characters kept), after removing empty, `.`
 * and `..` segments. The path as sent is already encoded once, so this is the second encoding
 * AWS asks of every service but S3.
 */
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(uriEncode(segment));
  }
  if (segments.length === 0) return "/";
  const trailing = /\/\.{0,2}$/.test(path) ? "/" : "";
  return `/${segments.join("/")}${trailing}`;
}

/** Names and values decoded once, then encoded; sorted by name, then value. */
function canonicalQuery(query: string): string {
  if (query === "") return "";
  return query
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? "" : pair.slice(equals + 1);
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([leftName, leftValue], [rightName, rightValue]) =>
      leftName === rightName ? compare(leftValue, rightValue) : compare(leftName, rightName),
    )
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Lower-cased names, sorted; values trimmed, runs of spaces (folded lines too) made one; repeats joined by commas. */
function canonicalHeaders(headers: readonly (readonly [string, string])[]): {
  canonical: string;
  signedHeaders: string;
} {
  const values = new Map<string, string[]>();
  for (const [name, value] of headers) {
    const key = name.toLowerCase().trim();
    const list = values.get(key) ?? [];
    list.push(value.replace(/\s+/g, " ").trim());
    values.set(key, list);
  }
  const names = [...values.keys()].sort(compare);
  return {
    canonical: names.map((name) => `${name}:${values.get(name)?.join(",")}\n`).join(""),
    signedHeaders: names.join(";"),
  };
}

function uriEncode(text: string): string {
  return Array.from(encoder.encode(text), (byte) => {
    const character = String.fromCharCode(byte);
    return /[A-Za-z0-9\-._~]/.test(character)
      ? character
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%` is sent as it is: sign it as it is.
    return text;
  }
}

/** Code-unit order, as AWS sorts (not the locale's). */
function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
}

async function hmac(key: Uint8Array, data: string): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, encoder.encode(data)));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The headers to send with a `fetch` to `url`: the request's own (signed, `host` added from the
 * URL) and the signature's. The path and query are signed as `fetch` sends them.
 */
export async function signAwsFetch(
  request: { method: string; url: URL; headers: Readonly<Record<string, string>>; body?: string },
  options: AwsSigningOptions,
): Promise<Record<string, string>> {
  const headers = Object.entries(request.headers).filter(
    ([name]) => name.toLowerCase() !== "authorization" && name.toLowerCase() !== "host",
  );
  const signed = await signAwsRequest(
    {
      method: request.method,
      path: request.url.pathname,
      query: request.url.search.replace(/^\?/, ""),
      headers: [["host", request.url.host], ...headers],
      body: request.body,
    },
    options,
  );
  return Object.fromEntries([...headers, ...signed.headers]);
}
