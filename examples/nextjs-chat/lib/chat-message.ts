import type { DocsToolContext, DocsTools } from "@search-docs/ai-sdk";
import type { InferUITools, UIDataTypes, UIMessage } from "ai";

/** The route's tools as the page sees them: typed `tool-search_docs` and `tool-get_document` parts. */
export type ChatTools = InferUITools<DocsTools<string, DocsToolContext>>;

/** A message of this chat, shared by the route and the page. */
export type ChatMessage = UIMessage<never, UIDataTypes, ChatTools>;
