/**
 * One line for a run that failed, instead of a stack trace: the error's message and the causes
 * under it (a wrong key: the provider's 401; no network: `getaddrinfo ENOTFOUND api.openai.com`),
 * and what to check. `SEARCH_DOCS_DEBUG=1` prints the whole error instead.
 */
export function describeFailure(error: unknown): string {
  const reasons: string[] = [];
  let current: unknown = error;
  // A cause chain is short; the bound guards against one that loops.
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    const line = message.split("\n")[0]?.trim().replace(/\.$/, "") ?? "";
    if (line && !reasons.includes(line)) reasons.push(line);
    current = current instanceof Error ? current.cause : undefined;
  }
  const what = reasons.length > 0 ? reasons.join(": ") : "unknown error";
  return `langchain-agent: ${what.slice(0, 300)} (check the network, and the key and model you set; SEARCH_DOCS_DEBUG=1 prints the whole error)`;
}
