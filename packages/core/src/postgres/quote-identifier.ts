import { ConfigurationError } from "../errors/configuration-error.js";

// Names that need no quoting in PostgreSQL, and fit its 63-byte identifier limit. Anything else
// (quotes, spaces, semicolons) is refused rather than escaped: a table name comes from config,
// and a config that holds SQL is a mistake to report, not to run.
const plainName = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

/**
 * `name` (or `schema.name`) quoted as a PostgreSQL identifier, after checking each part is a
 * plain name; otherwise a ConfigurationError naming `option`.
 */
export function quoteIdentifier(name: unknown, option: string): string {
  const parts = typeof name === "string" ? name.split(".") : [];
  if (parts.length === 0 || parts.length > 2 || !parts.every((part) => plainName.test(part))) {
    throw new ConfigurationError({
      option,
      message: `${option} must be a plain SQL name (letters, digits, _ and $, not starting with a digit, at most 63), optionally schema-qualified as schema.name; got ${JSON.stringify(String(name)).slice(0, 80)}.`,
    });
  }
  return parts.map((part) => `"${part}"`).join(".");
}
