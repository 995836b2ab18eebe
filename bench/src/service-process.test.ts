import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "./service-process.ts";

describe("startServiceProcess", () => {
  let service: ServiceProcess;
  const search = (collectionId: string) =>
    fetch(`${service.url}/v2/collections/${collectionId}/documents/search?query=deploy`, {
      headers: { authorization: `Bearer ${service.tokens.everything}` },
    });

  beforeAll(async () => {
    service = await startServiceProcess({ collectionsPerArea: 1, seed: 1 });
  });
  afterAll(async () => {
    await service.close();
  });

  it("serves the sample corpus from another process, faults set over IPC", async () => {
    const runbooks = service.areas.runbooks?.[0] ?? "";
    expect(Object.keys(service.areas)).toEqual([
      "runbooks",
      "policies",
      "api-reference",
      "onboarding",
    ]);
    expect((await search(runbooks)).status).toBe(200);
    await service.setFault(runbooks, { kind: "reindex" });
    expect((await search(runbooks)).status).toBe(409);
    await service.clearFaults();
    expect((await search(runbooks)).status).toBe(200);
    expect(await service.takeRequestCount()).toBe(3);
    expect(await service.takeRequestCount()).toBe(0);
  });
});
