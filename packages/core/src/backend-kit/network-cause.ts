// What a failed fetch says about why, as Node's fetch (undici) reports it: an error code on the
// error's cause, or on the cause's cause (DNS failures come wrapped twice).
const causes: ReadonlyArray<[RegExp, string]> = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, "DNS lookup failed"],
  [/^ECONNREFUSED$/, "connection refused"],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, "connection reset"],
  [
    /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/,
    "connection timed out",
  ],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN)$/, "host unreachable"],
  // OpenSSL's verification codes: the server's certificate chains to no CA this process trusts.
  [
    /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)$/,
    "TLS certificate not trusted; a private CA goes in NODE_EXTRA_CA_CERTS",
  ],
  [/CERT|TLS|SSL|SELF_SIGNED|ERR_SSL|HOSTNAME_MISMATCH/, "TLS error"],
];

/**
 * The cause of a network error in words and code, e.g. ` (connection refused: ECONNREFUSED)`, or
 * "" when the error names none. Only codes, never the message (which may hold a URL or data).
 */
export function networkCause(error: unknown): string {
  const code = codeOf(error);
  if (code === undefined) return "";
  const words = causes.find(([pattern]) => pattern.test(code))?.[1];
  return words === undefined ? ` (${code})` : ` (${words}: ${code})`;
}

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    const { code, cause, message } = current as {
      code?: unknown;
      cause?: unknown;
      message?: unknown;
    };
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    // undici refuses a port on the fetch spec's blocklist with this message and no code.
    if (message === "bad port") return "BAD_PORT";
    current = cause;
  }
  return undefined;
}
