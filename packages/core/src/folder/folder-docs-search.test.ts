import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { parseRef } from "../refs/ref.js";
import { decodeRefPath } from "../refs/ref-path.js";
import { folderBackend } from "./folder-backend.js";
import { folderAreas } from "./folder-collections.js";
import { indexFolder } from "./index-folder.js";
import { localCaller } from "./local-caller.js";

// End to end: the folder through createDocsSearch, as the CLI, the adapters and MCP use it.
let work: string;
let root: string;
let indexPath: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-folder-e2e-"));
  root = join(work, "docs");
  indexPath = join(work, "index.sqlite");
  mkdirSync(join(root, "runbooks"), { recursive: true });
  mkdirSync(join(root, "policies"), { recursive: true });
  writeFileSync(
    join(root, "runbooks", "key-rotation.md"),
    "# Key rotation\n\nRotate the signing key every 90 days.\n\n## Steps\n\nCreate the new key, deploy it, revoke the old one.\n",
  );
  writeFileSync(join(root, "policies", "travel.md"), "# Travel\n\nBook trains under four hours.\n");
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

describe("createDocsSearch({ backend: folderBackend })", () => {
  it("ok: refs are the files' paths, and get_document reads them", async () => {
    await indexFolder({ root, indexPath });
    const docs = createDocsSearch({
      backend: folderBackend({ root, indexPath, autoIndex: false }),
      areas: folderAreas({ root }),
    });
    expect(docs.areaNames).toEqual(["policies", "runbooks"]);
    const { output } = await docs.search(
      { query: "how do I rotate the signing key" },
      { caller: localCaller },
    );
    expect(output.status).toBe("ok");
    expect(output.results[0]).toMatchObject({
      ref: "runbooks/key-rotation#1",
      title: "Key rotation",
      area: "runbooks",
    });
    const document = await docs.getDocument(
      { ref: "runbooks/key-rotation#2" },
      { caller: localCaller },
    );
    expect(document.output).toMatchObject({ status: "ok", title: "Key rotation" });
    expect(document.output.content).toContain("revoke the old one");
  });

  it("no_matches when nothing matched, in every area", async () => {
    await indexFolder({ root, indexPath });
    const docs = createDocsSearch({
      backend: folderBackend({ root, indexPath, autoIndex: false }),
      areas: folderAreas({ root }),
    });
    const { output } = await docs.search({ query: "zeppelin xylophone" }, { caller: localCaller });
    expect(output).toMatchObject({ status: "no_matches", results: [] });
  });

  it("unavailable, never no_matches, when the index cannot be read", async () => {
    writeFileSync(indexPath, "not an index ".repeat(500));
    const docs = createDocsSearch({
      backend: folderBackend({ root, indexPath, autoIndex: false }),
      areas: folderAreas({ root }),
    });
    const { output, trace } = await docs.search(
      { query: "rotate the signing key" },
      { caller: localCaller },
    );
    expect(output.status).toBe("unavailable");
    expect(JSON.stringify(trace)).toMatch(/malformed|SQLITE_NOTADB/);
  });

  it("nested files: the ref is the file's whole path under its area, and opens at its section", async () => {
    const nested = join(root, "runbooks", "alertmanager");
    mkdirSync(nested, { recursive: true });
    writeFileSync(
      join(nested, "alertmanager-cluster-failed-to-send-alerts.md"),
      "# Alertmanager cluster failed to send alerts\n\nSome intro.\n\n## Impact\n\nPages are lost.\n\n## Diagnosis\n\nCheck the webhook receiver logs for timeouts.\n",
    );
    mkdirSync(join(root, "runbooks", "Team Notes"), { recursive: true });
    writeFileSync(
      join(root, "runbooks", "Team Notes", "on--call.md"),
      "# On call\n\nThe pager rota.\n",
    );
    // A path too long for a ref: skipped at indexing, said so, never cut.
    writeFileSync(
      join(nested, `${"very-long-name-".repeat(14)}.md`),
      "# Long\n\nwebhook receiver\n",
    );
    const summary = await indexFolder({ root, indexPath });
    expect(summary.skipped).toEqual({ path_too_long: 1 });
    const docs = createDocsSearch({
      backend: folderBackend({ root, indexPath, autoIndex: false }),
      areas: folderAreas({ root }),
    });
    const { output } = await docs.search(
      { query: "webhook receiver logs timeouts" },
      { caller: localCaller },
    );
    expect(output.results.map((result) => result.ref)).toEqual([
      "runbooks/alertmanager/alertmanager-cluster-failed-to-send-alerts#3",
    ]);
    // What a coding agent does with it: the area's folder, the path, a docs extension.
    const ref = parseRef(output.results[0]?.ref ?? "");
    expect(ref?.slug).toBe("alertmanager/alertmanager-cluster-failed-to-send-alerts");
    expect(existsSync(join(root, ref?.area ?? "", `${decodeRefPath(ref?.slug ?? "")}.md`))).toBe(
      true,
    );
    const document = await docs.getDocument(
      { ref: output.results[0]?.ref ?? "" },
      { caller: localCaller },
    );
    expect(document.output.content).toMatch(/^Diagnosis\n/);
    // Read from the top with a small budget: the continuation names the same path.
    const small = createDocsSearch({
      backend: folderBackend({ root, indexPath, autoIndex: false }),
      areas: folderAreas({ root }),
      limits: { documentChars: 40 },
    });
    const found = await small.search(
      { query: "webhook receiver logs timeouts" },
      { caller: localCaller },
    );
    const first = await small.getDocument(
      { ref: found.output.results[0]?.ref ?? "" },
      { caller: localCaller },
    );
    expect(first.output.continue_ref).toMatch(
      /^runbooks\/alertmanager\/alertmanager-cluster-failed-to-send-alerts#/,
    );
    const pager = await docs.search({ query: "pager rota" }, { caller: localCaller });
    expect(pager.output.results[0]?.ref).toBe("runbooks/Team%20Notes/on-%2Dcall#1");
    expect(decodeRefPath("Team%20Notes/on-%2Dcall")).toBe("Team Notes/on--call");
  });
});
