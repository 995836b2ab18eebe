import { backendRegistry } from "./backend-registry.js";
import { sharedVariables } from "./shared-variables.js";

/** Every engine's variables, for `--help`: the shared ones, then one block per engine. */
export function variablesHelp(): string {
  const lines = ["Shared:"];
  for (const variable of sharedVariables) lines.push(`  ${variable.name}  ${variable.description}`);
  for (const entry of backendRegistry) {
    const reads = entry.shared.length > 0 ? `; also ${entry.shared.join(", ")}` : "";
    lines.push(`SEARCH_DOCS_BACKEND=${entry.engine} (${entry.label}${reads}):`);
    for (const variable of entry.variables) {
      const marks = [
        variable.required ? "required" : "",
        variable.secret ? "credential" : "",
        variable.alias ? `or ${variable.alias}` : "",
      ].filter((mark) => mark !== "");
      const said = marks.length > 0 ? ` [${marks.join(", ")}]` : "";
      lines.push(`  ${variable.name}${said}  ${variable.description}`);
    }
  }
  return lines.join("\n");
}
