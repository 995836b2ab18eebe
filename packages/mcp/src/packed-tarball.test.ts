import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, expect, it } from "vitest";

// Done means: `npx @search-docs/mcp` from the packed tarballs, installed by npm into a directory
// outside the workspace, answers a tools/call over stdio. Needs `pnpm build` and the npm registry.
const execute = promisify(execFile);
const packages = fileURLToPath(new URL("../..", import.meta.url));
let directory: string | undefined;
afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

it("npx @search-docs/mcp from the packed tarballs answers tools/call over stdio", {
  timeout: 120_000,
}, async () => {
  directory = await mkdtemp(join(tmpdir(), "search-docs-mcp-packed-"));
  const tarballs: string[] = [];
  for (const name of ["core", "mcp"]) {
    // pnpm pack turns workspace:* and catalog: into the versions a registry install needs.
    const { stdout } = await execute("pnpm", ["pack", "--pack-destination", directory], {
      cwd: join(packages, name),
    });
    const tarball = stdout.trim().split("\n").at(-1) as string;
    expect(tarball).toMatch(/\.tgz$/);
    tarballs.push(tarball);
  }
  const consumer = join(directory, "consumer");
  await execute("mkdir", [consumer]);
  await writeFile(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true }),
  );
  await execute("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...tarballs], {
    cwd: consumer,
    timeout: 100_000,
  });

  const transport = new StdioClientTransport({
    command: "npx",
    args: ["@search-docs/mcp"],
    cwd: consumer,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "clean-machine", version: "1.0.0" });
  await client.connect(transport);
  try {
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "rotate a service account key" },
    });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    expect(stderr).toContain("embedded fake docs service");
  } finally {
    await client.close();
  }
});
