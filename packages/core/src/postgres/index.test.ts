import { describe, expect, it } from "vitest";
import * as postgres from "./index.js";

describe("@search-docs/core/postgres", () => {
  it("exports exactly its public functions and tables", () => {
    expect(Object.keys(postgres).sort()).toEqual([
      "defaultPostgresColumns",
      "defaultPostgresPageColumns",
      "defaultPostgresRanking",
      "loadSections",
      "postgresBackend",
      "postgresConfigFromEnvironment",
      "postgresDriverErrorTable",
      "postgresEndUserErrorTable",
      "postgresErrorClassTable",
      "postgresErrorTable",
      "postgresPageIndexSql",
      "postgresSchemaSql",
      "sectionsOfDocument",
      "sectionsOfMarkdown",
    ]);
  });
});
