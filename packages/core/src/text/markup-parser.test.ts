import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { holdsMarkup, loadMarkupParser, markupParser, prepareMarkup } from "./markup-parser.js";
import { sanitizeText } from "./sanitize-text.js";

const hooks = fileURLToPath(new URL("../__fixtures__/resolve-ts-hooks.mjs", import.meta.url));
const rootEntry = fileURLToPath(new URL("../index.ts", import.meta.url));

/** Imports the package root in a fresh Node and runs `then`; prints the modules it resolved. */
function freshImport(then: string): { resolved: string[]; output: unknown } {
  const script = `
    import { registerHooks } from "node:module";
    const resolved = [];
    registerHooks({ resolve(specifier, context, next) { resolved.push(specifier); return next(specifier, context); } });
    const core = await import(${JSON.stringify(rootEntry)});
    const before = [...resolved];
    const output = await (async () => { ${then} })();
    process.stdout.write(JSON.stringify({ resolved: before, output }));
  `;
  const stdout = execFileSync(
    process.execPath,
    ["--import", hooks, "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  return JSON.parse(stdout) as { resolved: string[]; output: unknown };
}

describe("markupParser", () => {
  it("tells text that needs the tokenizer from text that does not", () => {
    expect(holdsMarkup("plain words, no markup")).toBe(false);
    expect(holdsMarkup("a <b>bold</b> claim")).toBe(true);
    expect(holdsMarkup("fish &amp; chips")).toBe(true);
  });

  it("loads once: the asynchronous load and the synchronous use give the same tokenizer", async () => {
    const loaded = await loadMarkupParser();
    expect(markupParser()).toBe(loaded);
    await prepareMarkup(["<p>x</p>"]);
    expect(new loaded.Parser({}).endIndex).toBe(0);
  });

  it("is not imported with the package root, and loads when markup first needs it", () => {
    const { resolved, output } = freshImport(
      `return core.sanitizeText('<p>Hi <img src="https://evil.example/x.png" alt="logo"> &amp; bye</p>');`,
    );
    expect(resolved.some((specifier) => specifier.startsWith("htmlparser2"))).toBe(false);
    expect(resolved.some((specifier) => specifier.startsWith("entities"))).toBe(false);
    // Synchronously, on first use: the same text as with the tokenizer loaded up front.
    expect(output).toBe(
      sanitizeText('<p>Hi <img src="https://evil.example/x.png" alt="logo"> &amp; bye</p>'),
    );
    expect(output).not.toContain("evil.example/x.png");
  });
});
