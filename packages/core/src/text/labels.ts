/** `[image: alt]`, or `[image]`: what an image becomes, so a renderer fetches nothing. */
export function imageLabel(alt: string): string {
  const trimmed = alt.trim();
  return trimmed ? `[image: ${trimmed}]` : "[image]";
}

/** A URL's host, or undefined for a relative, scriptable or unreadable one. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
