/** Bumped whenever the layout or the tokenizer changes: an index of another version is rebuilt. */
export const indexSchemaVersion = "4";

/**
 * The tokenizer: Porter stemming over unicode61 with diacritics folded ("rotate" finds
 * "rotation", "café" finds "cafe"). On the bench's dev set (weights 4/2/1) it beat plain
 * unicode61: MRR@8 0.814 vs 0.787, section recall@8 0.808 vs 0.754 (docs/folder.md).
 */
export const tokenizer = "porter unicode61 remove_diacritics 2";

/**
 * BM25 column weights, in the FTS table's column order (title, heading, body): a word in a
 * document's title counts more than one in a section heading, which counts more than one in the
 * body. Every section carries its document's title, so a heavy title weight lifts all of a
 * document's sections alike: on the dev set 2/1.5/1 gave recall@8 0.908, MRR@8 0.812, against
 * 0.883 / 0.814 for 4/2/1 and 0.883 / 0.811 for 10/5/1 (docs/folder.md).
 */
export const columnWeights = Object.freeze({ title: 2, heading: 1.5, body: 1 });

// One row per file, one per section (sections.position is 1-based; scope: see folder-scope.ts);
// the FTS5 table indexes the
// sections table as external content (https://sqlite.org/fts5.html#external_content_tables), so a
// document's sections are read by (path, position) without scanning the full-text index.
export const schemaSql = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files (
  path TEXT PRIMARY KEY,
  folder TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL,
  title TEXT NOT NULL,
  updated TEXT NOT NULL,
  sections INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE skipped (
  path TEXT PRIMARY KEY,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL,
  ctime_ms REAL NOT NULL,
  reason TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE sections (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  heading TEXT NOT NULL,
  body TEXT NOT NULL,
  scope TEXT NOT NULL
);
CREATE UNIQUE INDEX sections_by_path ON sections (path, position);
CREATE VIRTUAL TABLE sections_fts USING fts5 (
  title, heading, body, scope,
  content = 'sections', content_rowid = 'id',
  tokenize = '${tokenizer}'
);
`;
