const maxSlugLength = 48;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "all of ASCII"
const nonAscii = /[^\x00-\x7f]/;

/** Kebab-case ASCII, at most 48 characters, cut at a word boundary where one is near. */
export function slugify(text: string): string {
  // NFKD leaves ASCII as it is and leaves it no combining mark: most titles skip both passes.
  const decomposed = nonAscii.test(text)
    ? text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    : text;
  const ascii = decomposed
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (ascii.length <= maxSlugLength) return ascii;
  const cut = ascii.slice(0, maxSlugLength);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen >= maxSlugLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}
