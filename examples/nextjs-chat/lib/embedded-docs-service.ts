/** The fake docs service that `instrumentation.ts` starts under `next dev`, as the app reads it. */
export interface EmbeddedDocsService {
  url: string;
  areas: Readonly<Record<string, readonly string[]>>;
  /** Its demo users' tokens, by role. */
  tokens: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

// On globalThis: instrumentation, pages and route handlers are separate bundles in one process,
// and `next dev` evaluates modules again after every edit.
const key = Symbol.for("search-docs.example.nextjs-chat.embedded-docs-service");
type Holder = { [key]?: EmbeddedDocsService };

export function embeddedDocsService(): EmbeddedDocsService | undefined {
  return (globalThis as Holder)[key];
}

export function setEmbeddedDocsService(service: EmbeddedDocsService): void {
  (globalThis as Holder)[key] = service;
}
