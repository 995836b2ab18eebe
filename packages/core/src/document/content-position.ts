/**
 * Where a read of a document starts: a section, and how many characters of that section's raw
 * text an earlier read already showed (0 at its start). A ref's target names it as the section's
 * own string, or `<section>~<offset>` for a read that continues inside a section longer than the
 * budget.
 */
export interface ContentPosition {
  section: string;
  offset: number;
}

const continuationPattern = /^(.+)~([1-9][0-9]{0,8})$/;

export function formatPosition({ section, offset }: ContentPosition): string {
  return offset === 0 ? section : `${section}~${offset}`;
}

/**
 * The index of the section a target names and the offset into it; undefined when the document has
 * no such section. The section's own string wins over the continuation form, so a backend section
 * that happens to contain `~` still reads from its start.
 */
export function findPosition(
  sections: readonly { section: string; text: string }[],
  target: string,
): { index: number; offset: number } | undefined {
  const exact = sections.findIndex((entry) => entry.section === target);
  if (exact >= 0) return { index: exact, offset: 0 };
  const match = continuationPattern.exec(target);
  if (!match) return undefined;
  const [, section, offset] = match;
  const index = sections.findIndex((entry) => entry.section === section);
  const entry = sections[index];
  // A section that shrank since the ref was issued starts over rather than reading nothing.
  if (entry === undefined) return undefined;
  const from = Number(offset);
  return { index, offset: from < entry.text.length ? from : 0 };
}
