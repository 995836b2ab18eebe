import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { RefStore, RefTarget } from "../refs/ref-store.js";

const maxEntries = 2000;

/**
 * The CLI runs one call per process, so `search-docs get <ref>` needs the refs an earlier
 * `search-docs "<query>"` issued: they are kept in a small JSON file. Targets only, no credential.
 */
export class FileRefStore implements RefStore {
  readonly #path: string;
  #entries: Record<string, RefTarget> | undefined;

  constructor(path: string) {
    this.#path = path;
  }

  async get(ref: string): Promise<RefTarget | undefined> {
    return this.#load()[ref];
  }

  async set(ref: string, target: RefTarget): Promise<void> {
    const entries = this.#load();
    delete entries[ref];
    entries[ref] = target;
    const keys = Object.keys(entries);
    for (const key of keys.slice(0, Math.max(0, keys.length - maxEntries))) delete entries[key];
    mkdirSync(dirname(this.#path), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = `${this.#path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(entries));
    renameSync(temporary, this.#path);
  }

  #load(): Record<string, RefTarget> {
    if (this.#entries) return this.#entries;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.#path, "utf8"));
      this.#entries =
        typeof parsed === "object" && parsed !== null ? (parsed as Record<string, RefTarget>) : {};
    } catch {
      this.#entries = {};
    }
    return this.#entries;
  }
}
