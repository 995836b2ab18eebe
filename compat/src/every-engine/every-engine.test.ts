import { backendRegistry, type EngineName, sharedVariables } from "@search-docs/core/node";
import { findPostgresBinaries } from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inCi } from "../find-executable.ts";
import { type EngineServer, nothingMatches, startEngineServer } from "./engine-servers.ts";
import {
  cliSearch,
  exampleSearch,
  langchainBackend,
  mcpSearches,
  nextjsBackend,
} from "./entry-points.ts";

// Issue 28's "done when": each engine, configured with only the registry's documented variables,
// answers ok, no_matches and unavailable truthfully through every place a user starts from: the
// CLI and the MCP bin as child processes, the Next.js route's and the LangChain agent's backend
// modules in process. Each engine's server starts once and serves all four.

const engines = backendRegistry.map((entry) => entry.engine);
const documented = new Set([
  ...sharedVariables.map(({ name }) => name),
  ...backendRegistry.flatMap((entry) =>
    entry.variables.flatMap((variable) => [
      variable.name,
      ...(variable.alias ? [variable.alias] : []),
    ]),
  ),
]);

const noPostgres = findPostgresBinaries() === undefined;
if (noPostgres && !inCi) {
  console.warn("[compat] every-engine: PostgreSQL's initdb is not installed: postgres skipped");
}

const servers = new Map<EngineName, EngineServer>();
beforeAll(async () => {
  const started = await Promise.allSettled(
    engines
      .filter((engine) => engine !== "postgres" || !noPostgres || inCi)
      .map(async (engine) => servers.set(engine, await startEngineServer(engine))),
  );
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 90_000);
afterAll(async () => {
  await Promise.allSettled([...servers.values()].map((server) => server.close()));
});

describe.each(engines)("%s", (engine) => {
  it.skipIf(engine === "postgres" && noPostgres && !inCi)(
    "ok, no_matches and unavailable through the CLI, the MCP bin, the Next.js and LangChain modules",
    async () => {
      const server = servers.get(engine) as EngineServer;
      const { env, downEnv, matching } = server;
      for (const name of Object.keys({ ...env, ...downEnv })) expect(documented).toContain(name);
      const startLine = new RegExp(`searching ${engine} at \\S+ \\(areas: [^)]+\\)`, "i");

      // The child processes run side by side; the in-process modules meanwhile, one at a time.
      const children = Promise.all([
        cliSearch(env, matching),
        cliSearch(env, nothingMatches),
        cliSearch(downEnv, matching),
        mcpSearches(env, [matching, nothingMatches]),
        mcpSearches(downEnv, [matching]),
      ]);
      // Each module's stderr apart: a start line must come from the module that opened.
      const printed = { nextjs: [] as string[], langchain: [] as string[] };
      const nextPrint = (line: string) => printed.nextjs.push(line);
      const agentPrint = (line: string) => printed.langchain.push(line);

      const next = await nextjsBackend(env, nextPrint);
      expect(printed.nextjs).toContainEqual(expect.stringMatching(startLine));
      // Per request: the request's credential is sent, never the process-wide one in env.
      const caller = { token: server.callers?.good ?? "a-next-user" };
      const nextOk = await exampleSearch(next, matching, caller);
      const nextNone = await exampleSearch(next, nothingMatches, caller);
      const nextStranger = server.callers
        ? await exampleSearch(next, matching, { token: server.callers.bad })
        : undefined;
      await next.close();
      const nextDown = await nextjsBackend(downEnv, nextPrint);
      const nextUnavailable = await exampleSearch(nextDown, matching, caller);
      await nextDown.close();

      const agent = await langchainBackend(env, agentPrint);
      expect(printed.langchain).toContainEqual(expect.stringMatching(startLine));
      const agentOk = await exampleSearch(agent, matching);
      const agentNone = await exampleSearch(agent, nothingMatches);
      await agent.close();
      const agentDown = await langchainBackend(downEnv, agentPrint);
      const agentUnavailable = await exampleSearch(agentDown, matching);
      await agentDown.close();

      const [cliOk, cliNone, cliDown, mcp, mcpDown] = await children;
      expect({
        cli: [cliOk.status, cliNone.status, cliDown.status],
        cliExit: [cliOk.exitCode, cliNone.exitCode, cliDown.exitCode],
        mcp: [...mcp.statuses, ...mcpDown.statuses],
        nextjs: [nextOk.status, nextNone.status, nextUnavailable.status],
        langchain: [agentOk.status, agentNone.status, agentUnavailable.status],
      }).toEqual({
        cli: ["ok", "no_matches", "unavailable"],
        cliExit: [0, 0, 3],
        mcp: ["ok", "no_matches", "unavailable"],
        nextjs: ["ok", "no_matches", "unavailable"],
        langchain: ["ok", "no_matches", "unavailable"],
      });
      if (nextStranger !== undefined) {
        expect(nextStranger).toMatchObject({ results: 0 });
        expect(nextStranger.status).not.toBe("ok");
      }
      expect(cliOk.stderr).toMatch(startLine);
      expect(mcp.stderr).toMatch(startLine);

      const everything = [cliOk, cliNone, cliDown]
        .flatMap((answer) => [answer.stdout, answer.stderr])
        .concat(
          mcp.stderr,
          mcp.outputs,
          mcpDown.stderr,
          [...printed.nextjs, ...printed.langchain].join("\n"),
        )
        .concat([nextOk, nextNone, nextUnavailable, agentOk].map((answer) => answer.text))
        .join("\n");
      for (const secret of server.secrets) expect(everything).not.toContain(secret);
    },
    90_000,
  );
});
