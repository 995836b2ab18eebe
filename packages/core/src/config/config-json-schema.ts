import { configFileKeys } from "./backend-config.js";
import { backendRegistry } from "./backend-registry.js";
import { engineNames } from "./engine-entry.js";
import { sharedVariables } from "./shared-variables.js";

/**
 * The JSON Schema of a `--config` file, from the registry: the variables' names as keys,
 * credentials left out (they come from the environment only). `config.schema.json` in the
 * package is this, written out; a test holds the two together.
 */
export function configJsonSchema(): Record<string, unknown> {
  const descriptions = new Map<string, string>(
    [...sharedVariables, ...backendRegistry.flatMap((entry) => entry.variables)].map((variable) => [
      variable.name,
      variable.description,
    ]),
  );
  const properties: Record<string, unknown> = { $schema: { type: "string" } };
  for (const key of configFileKeys()) {
    const description = descriptions.get(key);
    if (key === "SEARCH_DOCS_BACKEND") {
      properties[key] = { description, enum: [...engineNames] };
    } else if (key === "SEARCH_DOCS_AREAS") {
      properties[key] = {
        description,
        oneOf: [
          { type: "string" },
          {
            type: "object",
            minProperties: 1,
            additionalProperties: {
              type: "array",
              minItems: 1,
              items: { type: "string" },
            },
          },
        ],
      };
    } else {
      properties[key] = { description, type: "string" };
    }
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://github.com/search-docs/search-docs/blob/main/packages/core/config.schema.json",
    title: "search-docs configuration (--config)",
    description:
      "The SEARCH_DOCS_* variables of one engine, as a file. Credentials are read from the environment only.",
    type: "object",
    properties,
    additionalProperties: false,
  };
}
