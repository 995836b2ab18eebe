/** An id as one URL path segment, or undefined ("." and ".." would leave the path; lone surrogates throw). */
export function pathSegment(id: string): string | undefined {
  if (id === "" || id === "." || id === "..") return undefined;
  try {
    return encodeURIComponent(id);
  } catch {
    return undefined;
  }
}
