import type { DatabaseSync } from "node:sqlite";
import { scopeTokens } from "./folder-scope.js";
import type { ParsedSection } from "./parse-document.js";

/** One document as the index stores it: its file row and its sections (1-based positions). */
export interface DocumentRow {
  /** POSIX path under the root (a file's, or a crawled page's). */
  path: string;
  /** The file's mtime when read; -1 makes the next run read it again. */
  mtimeMs: number;
  size: number;
  title: string;
  updated: string;
  sections: readonly ParsedSection[];
}

export interface DocumentRows {
  add(document: DocumentRow): void;
  /** Deletes a document's rows, its full-text entries first. */
  remove(path: string): void;
}

/** Statements that add and remove documents, prepared once per run. */
export function documentRows(database: DatabaseSync): DocumentRows {
  const insertFile = database.prepare(
    "INSERT INTO files (path, folder, mtime_ms, size, title, updated, sections) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertSection = database.prepare(
    "INSERT INTO sections (path, position, title, heading, body, scope) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const insertText = database.prepare(
    "INSERT INTO sections_fts (rowid, title, heading, body, scope) VALUES (?, ?, ?, ?, ?)",
  );
  // External content: FTS5 needs the old values to delete a row's entries.
  const forget = database.prepare(
    "INSERT INTO sections_fts (sections_fts, rowid, title, heading, body, scope) SELECT 'delete', id, title, heading, body, scope FROM sections WHERE path = ?",
  );
  const deleteSections = database.prepare("DELETE FROM sections WHERE path = ?");
  const deleteFile = database.prepare("DELETE FROM files WHERE path = ?");
  return {
    add({ path, mtimeMs, size, title, updated, sections }) {
      const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
      insertFile.run(path, folder, mtimeMs, size, title, updated, sections.length);
      const scope = scopeTokens(folder);
      for (const [index, section] of sections.entries()) {
        const { id } = insertSection.get(
          path,
          index + 1,
          title,
          section.heading,
          section.body,
          scope,
        ) as { id: number };
        insertText.run(id, title, section.heading, section.body, scope);
      }
    },
    remove(path) {
      forget.run(path);
      deleteSections.run(path);
      deleteFile.run(path);
    },
  };
}
