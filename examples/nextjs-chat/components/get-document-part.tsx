import type { DocumentOutput } from "@search-docs/core";
import type { ChatMessage } from "../lib/chat-message";
import { RefLink } from "./ref-link";

type GetDocumentUIPart = Extract<ChatMessage["parts"][number], { type: "tool-get_document" }>;

/** A get_document call: the page that was read, or why it could not be. */
export function GetDocumentPart({ part }: { part: GetDocumentUIPart }) {
  const ref = part.input?.ref ?? "";
  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return <div className="tool pending">Opening {ref}…</div>;
    case "output-error":
      return (
        <div className="tool failed" data-tool="get_document">
          Could not open {ref}: {part.errorText}
        </div>
      );
    case "output-available": {
      const { result, urls } = part.output;
      return (
        <div className="tool document" data-tool="get_document" data-status={result.status}>
          {result.status === "ok" ? (
            <article>
              <p className="tool-status">
                Read <strong>{result.title}</strong>{" "}
                <RefLink docRef={result.ref ?? ref} url={urls[result.ref ?? ref]} />{" "}
                <span className="meta">
                  {result.area} · updated {result.updated}
                </span>
              </p>
              <div className="content">{result.content}</div>
              {result.more_content_exists && (
                <p className="meta">The page goes on: open it in the portal for the rest.</p>
              )}
            </article>
          ) : (
            <p className="tool-status">{problem(ref, result)}</p>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}

function problem(ref: string, result: DocumentOutput): string {
  switch (result.status) {
    case "not_found":
      return `There is no document at ${ref}.`;
    case "no_access":
      return `You do not have access to ${ref}.`;
    default:
      return `The docs are temporarily unavailable, so ${ref} could not be opened. Try again in a minute.`;
  }
}
