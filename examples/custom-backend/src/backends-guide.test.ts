import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// Every ts block of the backend guide is a verbatim piece of a file the repository type-checks
// and tests (its first line names the file): a guide that drifts from the code fails here.
const root = new URL("../../../", import.meta.url);
const guidePath = "packages/core/docs/backends.md";

describe(guidePath, () => {
  it("quotes only code that type-checks: each ts block is a verbatim piece of the file it names", async () => {
    const guide = await readFile(new URL(guidePath, root), "utf8");
    const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      const [first = "", ...rest] = block.split("\n");
      const path = /^\/\/ (\S+\.ts)$/.exec(first)?.[1];
      expect(path, `a ts block must open with the file it quotes: ${first}`).toBeDefined();
      const source = await readFile(new URL(path as string, root), "utf8");
      expect(source.includes(rest.join("\n")), `the block quoting ${path} differs from it`).toBe(
        true,
      );
    }
  });
});
