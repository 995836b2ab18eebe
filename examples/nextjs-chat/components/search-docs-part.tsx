import type { SearchOutput } from "@search-docs/core";
import type { ChatMessage } from "../lib/chat-message";
import { RefLink } from "./ref-link";

type SearchDocsUIPart = Extract<ChatMessage["parts"][number], { type: "tool-search_docs" }>;

/** A search_docs call: what was asked, the status in plain words, and the results with links. */
export function SearchDocsPart({ part }: { part: SearchDocsUIPart }) {
  const query = part.input?.query ?? "";
  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return <div className="tool pending">Searching the docs for “{query}”…</div>;
    case "output-error":
      return (
        <div className="tool failed" data-tool="search_docs">
          The search failed: {part.errorText}
        </div>
      );
    case "output-available": {
      const { result, urls } = part.output;
      return (
        <div className="tool search" data-tool="search_docs" data-status={result.status}>
          <p className="tool-status">{statusLine(query, result)}</p>
          {result.results.length > 0 && (
            <ol className="results">
              {result.results.map((item) => (
                <li key={item.ref}>
                  <strong>{item.title}</strong> <RefLink docRef={item.ref} url={urls[item.ref]} />{" "}
                  <span className="meta">
                    {item.area} · updated {item.updated}
                  </span>
                  <p className="passage">{item.passage}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      );
    }
    default:
      // Approval states: these tools never ask for approval.
      return null;
  }
}

function statusLine(query: string, result: SearchOutput): string {
  const count = result.results.length;
  switch (result.status) {
    case "unavailable":
      // Not "nothing found": the backend did not answer, so the docs may well hold the answer.
      return `Documentation search is temporarily unavailable. Try again in a minute.${count > 0 ? " Partial results:" : ""}`;
    case "no_matches":
      return `Searched the docs for “${query}”: nothing you can read matches.`;
    case "ok":
      return `Searched the docs for “${query}”: ${count} result${count === 1 ? "" : "s"}${result.more_matches_exist ? ", and more matches exist" : ""}.`;
  }
}
