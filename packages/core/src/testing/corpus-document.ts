/** One section of a corpus document: a heading and its body text. */
export interface CorpusSection {
  heading: string;
  text: string;
}

/** One document of a fake docs service corpus, as stored one per line in a `.jsonl` file. */
export interface CorpusDocument {
  /** Unique across the corpus; becomes the wire's `document_id`. */
  id: string;
  /** The area the document belongs to (`runbooks`, `policies`, …); areas keep first-seen order. */
  area: string;
  slug: string;
  title: string;
  /** Date of the last change, `YYYY-MM-DD`. */
  updated: string;
  sections: CorpusSection[];
}
