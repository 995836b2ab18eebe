/**
 * Control characters (C0 but tab and newline, DEL, C1), invisible format characters (Unicode
 * category Cf: zero-width, bidi overrides, soft hyphen, tag characters), lone surrogates and
 * variation selectors 17-256, removed.
 */
export function removeInvisible(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "")
      // biome-ignore lint/suspicious/noMisleadingCharacterClass: the selectors alone are the target
      .replace(/[\p{Cf}\p{Cs}\u{e0100}-\u{e01ef}]/gu, "")
  );
}
