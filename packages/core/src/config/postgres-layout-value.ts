import { ConfigurationError } from "../errors/configuration-error.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "../postgres/postgres-layout.js";
import { choiceValue, refuse } from "./config-checks.js";
import type { ReadValue } from "./engine-entry.js";

// The layout variables of the postgres engine: a sections table (the default) or an app's own
// table of pages, with its column names. Checked here, once, by the backend's own rules, so a bad
// name is refused at start naming the variable that holds it.

const optionVariables: Record<string, string> = {
  rows: "SEARCH_DOCS_POSTGRES_ROWS",
  pageColumns: "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
  collectionId: "SEARCH_DOCS_POSTGRES_COLLECTION",
  pageFormat: "SEARCH_DOCS_POSTGRES_PAGE_FORMAT",
};

/** The backend's layout options from SEARCH_DOCS_POSTGRES_ROWS and the page variables. */
export function postgresLayoutValue(value: ReadValue, table: string): PostgresLayoutOptions {
  const rows = choiceValue(value, "SEARCH_DOCS_POSTGRES_ROWS", ["sections", "pages"], "sections");
  const pageVariables = Object.values(optionVariables).filter(
    (name) => name !== "SEARCH_DOCS_POSTGRES_ROWS" && value(name) !== "",
  );
  if (rows === "sections") {
    const [stray] = pageVariables;
    if (stray !== undefined) refuse(stray, `${stray} applies to SEARCH_DOCS_POSTGRES_ROWS=pages`);
    return { table };
  }
  const options: PostgresLayoutOptions = { table, rows };
  const columnsText = value("SEARCH_DOCS_POSTGRES_PAGE_COLUMNS");
  if (columnsText !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(columnsText);
    } catch {}
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      refuse(
        "SEARCH_DOCS_POSTGRES_PAGE_COLUMNS",
        'SEARCH_DOCS_POSTGRES_PAGE_COLUMNS must be a JSON object of column names, e.g. {"body":"body_markdown","collectionId":"team"}',
      );
    }
    options.pageColumns = parsed as NonNullable<PostgresLayoutOptions["pageColumns"]>;
  }
  const collectionId = value("SEARCH_DOCS_POSTGRES_COLLECTION");
  if (collectionId !== "") options.collectionId = collectionId;
  const format = value("SEARCH_DOCS_POSTGRES_PAGE_FORMAT");
  if (format !== "")
    options.pageFormat = format as NonNullable<PostgresLayoutOptions["pageFormat"]>;
  try {
    resolvePostgresLayout(options);
  } catch (error) {
    if (!ConfigurationError.isInstance(error)) throw error;
    const option = error.option.split(".")[0] ?? "";
    const name = optionVariables[option] ?? "SEARCH_DOCS_POSTGRES_TABLE";
    refuse(name, `${name}: ${error.message}`);
  }
  return options;
}
