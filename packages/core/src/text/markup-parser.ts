import type { decodeHTMLStrict } from "entities/decode";
import type { Parser } from "htmlparser2";
import { SearchDocsError } from "../errors/search-docs-error.js";

/** The HTML tokenizer and the strict entity decoder `htmlToText` reads markup with. */
export interface MarkupParser {
  Parser: typeof Parser;
  decodeHTMLStrict: typeof decodeHTMLStrict;
}

// Loaded on first need, not when the package is imported: htmlparser2 and its entities were
// about a fifth of a cold `import()` of core, paid by every serverless start, and most passages
// hold no markup at all (`htmlToText` returns text without `<` or `&` untouched).
let loaded: MarkupParser | undefined;
let loading: Promise<MarkupParser> | undefined;

/**
 * Loads the tokenizer, once; the tool calls await it before sanitizing text that holds `<` or
 * `&`, so a call never meets an unloaded parser in any runtime (a bundler follows these imports).
 */
export function loadMarkupParser(): Promise<MarkupParser> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= import("./markup-modules.js").then(({ Parser, decodeHTMLStrict }) => {
    loaded ??= { Parser, decodeHTMLStrict };
    return loaded;
  });
  return loading;
}

/**
 * The tokenizer, for synchronous use. Loaded already (a call awaited `loadMarkupParser`), or, on
 * Node, required synchronously now. A runtime that cannot require synchronously (a worker, an
 * edge function, a bundle without its node_modules) starts loading it as the package is imported
 * (below), so only `sanitizeText` called in the same turn as the import could find it missing.
 */
export function markupParser(): MarkupParser {
  if (loaded !== undefined) return loaded;
  const required = requireMarkupParser();
  if (required !== undefined) {
    loaded = required;
    return loaded;
  }
  throw new SearchDocsError(
    "the HTML tokenizer is not loaded yet: await loadMarkupParser() before sanitizing markup",
  );
}

function requireMarkupParser(): MarkupParser | undefined {
  const nodeModule = nodeModuleBuiltin();
  if (nodeModule === undefined) return undefined;
  try {
    const require = nodeModule.createRequire(import.meta.url);
    const html = require("htmlparser2") as typeof import("htmlparser2");
    const entities = require("entities/decode") as typeof import("entities/decode");
    return { Parser: html.Parser, decodeHTMLStrict: entities.decodeHTMLStrict };
  } catch {
    // Bundled without node_modules beside it: the asynchronous load (which the bundler followed)
    // is the way.
    return undefined;
  }
}

function nodeModuleBuiltin(): typeof import("node:module") | undefined {
  const getBuiltinModule = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule;
  if (typeof getBuiltinModule !== "function") return undefined;
  return getBuiltinModule("node:module") as typeof import("node:module") | undefined;
}

/** Whether sanitizing `text` needs the tokenizer (the same test `htmlToText` starts with). */
export function holdsMarkup(text: string): boolean {
  return text.includes("<") || text.includes("&");
}

/** Awaits the tokenizer only when one of `texts` needs it. */
export async function prepareMarkup(texts: Iterable<string>): Promise<void> {
  if (loaded !== undefined) return;
  for (const text of texts) {
    if (holdsMarkup(text)) {
      await loadMarkupParser();
      return;
    }
  }
}

// Where nothing can be required synchronously, load now, as a static import did. (Asking for
// `node:module` itself is left to the first use: that too costs an import.)
if (
  typeof (globalThis as { process?: { getBuiltinModule?: unknown } }).process?.getBuiltinModule !==
  "function"
) {
  void loadMarkupParser().catch(() => {});
}
