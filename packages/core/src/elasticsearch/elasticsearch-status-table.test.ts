import { describe, expect, it } from "vitest";
import {
  elasticsearchErrorTable,
  elasticsearchPartialTable,
  errorMeaning,
} from "./elasticsearch-status-table.js";

describe("the Elasticsearch status table", () => {
  it("cites the engine page each row comes from", () => {
    for (const row of [...elasticsearchErrorTable, ...elasticsearchPartialTable]) {
      expect(row.source).toMatch(/elastic\.co|opensearch|RFC|elastic\/|docs\.aws\.amazon\.com/);
    }
  });

  it("lists a status's typed rows before its status-only row, so none is shadowed", () => {
    elasticsearchErrorTable.forEach((row, position) => {
      if (row.match === undefined) return;
      const shadowing = elasticsearchErrorTable
        .slice(0, position)
        .find((earlier) => earlier.match === undefined && earlier.status === row.status);
      expect(shadowing, `${row.status} ${row.match.join(",")}`).toBeUndefined();
    });
  });

  it("never reads a 404 of any kind as an empty answer", () => {
    for (const type of [undefined, "index_not_found_exception", "resource_not_found_exception"]) {
      expect(errorMeaning(404, type)).toEqual({ kind: "failed", cause: "misconfigured" });
    }
  });

  it("reads the same fault under either engine's type name", () => {
    expect(errorMeaning(429, "es_rejected_execution_exception").kind).toBe("overloaded");
    expect(errorMeaning(429, "rejected_execution_exception").kind).toBe("overloaded");
    expect(errorMeaning(503, "master_not_discovered_exception").kind).toBe("rebuilding");
    expect(errorMeaning(503, "cluster_manager_not_discovered_exception").kind).toBe("rebuilding");
  });

  it("omits a collection only on the engine's own security_exception", () => {
    expect(errorMeaning(403, "security_exception").kind).toBe("forbidden");
    expect(errorMeaning(403, undefined)).toEqual({ kind: "failed", cause: "rejected" });
    expect(errorMeaning(403, "cluster_block_exception").kind).toBe("rebuilding");
  });

  it("treats other 5xx as transient and other 4xx as rejected", () => {
    expect(errorMeaning(500, "search_phase_execution_exception").kind).toBe("transient");
    expect(errorMeaning(502, undefined).kind).toBe("transient");
    expect(errorMeaning(503, undefined).kind).toBe("transient");
    expect(errorMeaning(413, undefined)).toEqual({ kind: "failed", cause: "rejected" });
    expect(errorMeaning(408, undefined).kind).toBe("transient");
  });
});
