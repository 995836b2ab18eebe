/** A ref as a link to the docs portal, or as plain text when no portal is configured. */
export function RefLink({ docRef, url }: { docRef: string; url: string | undefined }) {
  return url === undefined ? (
    <code className="ref">{docRef}</code>
  ) : (
    <a className="ref" href={url} target="_blank" rel="noreferrer">
      {docRef}
    </a>
  );
}
