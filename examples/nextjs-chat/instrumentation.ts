/**
 * Runs once when the server starts. Under `next dev` with no engine configured (SEARCH_DOCS_BACKEND…), it starts the
 * embedded fake docs service so the example works offline; elsewhere it does nothing.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NODE_ENV !== "production") {
    const { startEmbeddedDocsService } = await import("./lib/start-embedded-docs-service");
    await startEmbeddedDocsService(process.env);
  }
}
