import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// A server that checks AWS Signature Version 4 the way an AWS endpoint does, from its own
// reading of AWS's "Create a signed AWS API request" (docs.aws.amazon.com/IAM/latest/UserGuide/
// create-signed-request.html) and "Elements of an AWS API request signature": node:crypto, the
// raw request line and raw headers, not the signer under test. A mismatch answers 403 as Amazon
// OpenSearch Service does ({"message": "The request signature we calculated does not match..."}).

export interface SigV4VerifyingServer {
  url: string;
  /** Each request: whether its signature verified, and for whom. */
  seen: { verified: boolean; accessKeyId?: string; service?: string; reason?: string }[];
  close(): Promise<void>;
}

export async function startSigV4VerifyingServer(options: {
  /** Access key id → secret access key. */
  keys: Readonly<Record<string, string>>;
  region: string;
  service: string;
  /** Signed requests are accepted within this many minutes of `now` (AWS allows 15). */
  now?: () => Date;
  /**
   * A cluster behind the endpoint: a verified request is passed on to it as the principal's
   * mapped user (fine-grained access control maps an IAM principal to the cluster's roles), its
   * answer returned as is. Without it, a verified request answers an empty search.
   */
  upstream?: { url: string; authorizationFor: Readonly<Record<string, string>> };
}): Promise<SigV4VerifyingServer> {
  const seen: SigV4VerifyingServer["seen"] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const outcome = verify(request, body, options);
    seen.push(outcome);
    const mapped = outcome.accessKeyId && options.upstream?.authorizationFor[outcome.accessKeyId];
    if (outcome.verified && options.upstream !== undefined && mapped) {
      const answer = await fetch(new URL(request.url ?? "/", options.upstream.url), {
        method: request.method ?? "GET",
        headers: { "content-type": "application/json", authorization: mapped },
        ...(body.length > 0 ? { body } : {}),
      });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(await answer.text());
      return;
    }
    response.writeHead(outcome.verified ? 200 : 403, { "content-type": "application/json" });
    response.end(
      JSON.stringify(
        outcome.verified
          ? { took: 1, timed_out: false, hits: { total: { value: 0 }, hits: [] } }
          : { message: `The request signature we calculated does not match (${outcome.reason})` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function verify(
  request: IncomingMessage,
  body: Buffer,
  options: {
    keys: Readonly<Record<string, string>>;
    region: string;
    service: string;
    now?: () => Date;
  },
): SigV4VerifyingServer["seen"][number] {
  const authorization = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { verified: false, reason: "no SigV4 authorization header" };
  const [, accessKeyId, day, region, service, signedHeaders, signature] =
    match as unknown as string[];
  const secret = options.keys[accessKeyId as string];
  if (secret === undefined) return { verified: false, reason: "unknown access key" };
  if (region !== options.region || service !== options.service) {
    return { verified: false, accessKeyId, reason: "wrong region or service in the scope" };
  }
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(day as string))
    return { verified: false, reason: "date outside the scope" };
  const signed = (signedHeaders as string).split(";");
  if (!signed.includes("host") || !signed.includes("x-amz-date")) {
    return { verified: false, reason: "host and x-amz-date must be signed" };
  }
  // The payload: OpenSearch Serverless requires x-amz-content-sha256, and it must be the body's.
  const bodyHash = createHash("sha256").update(body).digest("hex");
  const claimed = request.headers["x-amz-content-sha256"];
  if (claimed !== undefined && claimed !== bodyHash) {
    return { verified: false, reason: "x-amz-content-sha256 is not the body's hash" };
  }
  if (options.service === "aoss" && claimed === undefined) {
    return { verified: false, reason: "aoss needs x-amz-content-sha256" };
  }
  // Raw headers: each name may repeat; values trimmed, inner runs of spaces made one.
  const values = new Map<string, string[]>();
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] as string).toLowerCase();
    const value = (request.rawHeaders[index + 1] as string).trim().replace(/ +/g, " ");
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const headerLines = signed
    .map((name) => `${name}:${(values.get(name) ?? []).join(",")}\n`)
    .join("");
  // The path as received, each segment encoded again (every service but S3); the query's pairs
  // decoded, encoded, sorted.
  const target = request.url ?? "/";
  const question = target.indexOf("?");
  const path = question === -1 ? target : target.slice(0, question);
  const query = question === -1 ? "" : target.slice(question + 1);
  const canonicalUri = path
    .split("/")
    .map((segment) => encodeStrictly(segment))
    .join("/");
  const canonicalQuery = query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      return `${encodeStrictly(decodeURIComponent(name))}=${encodeStrictly(decodeURIComponent(value))}`;
    })
    .sort()
    .join("&");
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    headerLines,
    signedHeaders,
    bodyHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const key = [day, region, service, "aws4_request"].reduce<Buffer>(
    (current, part) =>
      createHmac("sha256", current)
        .update(part as string)
        .digest(),
    Buffer.from(`AWS4${secret}`),
  );
  const expected = createHmac("sha256", key).update(stringToSign).digest();
  const verified = timingSafeEqual(expected, Buffer.from(signature as string, "hex"));
  return verified
    ? { verified, accessKeyId, service }
    : { verified, accessKeyId, service, reason: "signature mismatch" };
}

/** Percent-encode all but RFC 3986's unreserved characters (encodeURIComponent spares five more). */
function encodeStrictly(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
