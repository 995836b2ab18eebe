import { SearchDocsError } from "./search-docs-error.js";

const marker = "search-docs.error.configuration";
const symbol = Symbol.for(marker);

/** `createDocsSearch` was given options it cannot work with; `option` names the one at fault. */
export class ConfigurationError extends SearchDocsError {
  readonly [symbol] = true;
  readonly option: string;

  constructor({ option, message }: { option: string; message: string }) {
    super(message);
    this.name = "ConfigurationError";
    this.option = option;
  }

  static override isInstance(error: unknown): error is ConfigurationError {
    return SearchDocsError.hasMarker(error, marker);
  }
}
