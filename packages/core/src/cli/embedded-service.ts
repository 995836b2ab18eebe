import type { FakeDocsService } from "../testing/fake-docs-service.js";
import type { CliIo } from "./cli-io.js";
import { CliConfigError, type CliValues } from "./parse-command-line.js";

/**
 * The embedded fake docs service (sample corpus), with the faults the flags ask for. Its module
 * is loaded only here: a CLI configured for a real engine loads no test code.
 */
export async function startEmbedded(values: CliValues): Promise<FakeDocsService> {
  const { startFakeDocsService } = await import("../testing/start-fake-docs-service.js");
  let service: FakeDocsService;
  try {
    service = await startFakeDocsService({
      ...(values.corpus ? { corpus: values.corpus } : {}),
      ...(values.port ? { port: Number(values.port) } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new CliConfigError(
        `port ${values.port} on 127.0.0.1 is already in use: choose another with --port, or leave it out for a free one`,
      );
    }
    throw error;
  }
  const faultAreas = [
    ...(values.reindex ?? []).map((area) => ({ area, fault: { kind: "reindex" } as const })),
    ...(values.shed ?? []).map((area) => ({
      area,
      fault: { kind: "shed", retryAfterSeconds: 1 } as const,
    })),
  ];
  for (const { area, fault } of faultAreas) {
    const ids = service.areas[area];
    if (!ids) {
      await service.close();
      throw new CliConfigError(
        `no area "${area}" (areas: ${Object.keys(service.areas).join(", ")})`,
      );
    }
    for (const id of ids) service.setFault(id, fault);
  }
  return service;
}

/** `search-docs serve`: the fake service on its own, with a command to try against it. */
export async function serve(values: CliValues, io: CliIo): Promise<number> {
  const service = await startEmbedded(values);
  const command = io.command ?? "search-docs";
  io.out(`Fake docs service listening at ${service.url}\n`);
  io.out(`areas: ${JSON.stringify(service.areas, null, 2)}\n`);
  io.out(`tokens: ${JSON.stringify(service.tokens, null, 2)}\n`);
  io.out(
    `Try, in another terminal: SEARCH_DOCS_BASE_URL=${service.url} SEARCH_DOCS_TOKEN=${service.tokens.everything} SEARCH_DOCS_AREAS='${JSON.stringify(service.areas)}' ${command} "rotate a key"\n`,
  );
  io.out("Ctrl-C stops it.\n");
  await (io.untilStopped ?? untilSignal)();
  await service.close();
  return 0;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}
