/** Bumped whenever the layout or the tokenizer changes: an index of another version is rebuilt. */
export const indexSchemaVersion = "1";

/**
 * The tokenizer: Porter stemming over unicode61 with diacritics folded ("rotate" finds
 * "rotation", "café" finds "cafe"). Measured on the bench's dev set against plain unicode61
 * (docs/folder.md gives the figures).
 */
export const tokenizer = "porter unicode61 remove_diacritics 2";

/**
 * BM25 column weights, in the FTS table's column order (title, heading, body): a word in a
 * document's title counts more than one in a section heading, which counts more than one in the
 * body. Chosen on the bench's dev set (docs/folder.md).
 */
export const columnWeights = Object.freeze({ title: 4, heading: 2, body: 1 });

// One row per file, one per section (sections.position is 1-based); the FTS5 table indexes the
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
CREATE TABLE sections (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  heading TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE UNIQUE INDEX sections_by_path ON sections (path, position);
CREATE VIRTUAL TABLE sections_fts USING fts5 (
  title, heading, body,
  content = 'sections', content_rowid = 'id',
  tokenize = '${tokenizer}'
);
`;
