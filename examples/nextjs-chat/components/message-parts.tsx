import type { ChatMessage } from "../lib/chat-message";
import { GetDocumentPart } from "./get-document-part";
import { SearchDocsPart } from "./search-docs-part";

/** One message, part by part: text, and what each docs tool call did. */
export function MessageParts({ message }: { message: ChatMessage }) {
  return message.parts.map((part, index) => {
    const key = `${message.id}-${index}`;
    switch (part.type) {
      case "text":
        return (
          <p key={key} className="text">
            {part.text}
          </p>
        );
      case "tool-search_docs":
        return <SearchDocsPart key={key} part={part} />;
      case "tool-get_document":
        return <GetDocumentPart key={key} part={part} />;
      default:
        return null;
    }
  });
}
