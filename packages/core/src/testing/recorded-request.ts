import type { Fault } from "./fault.js";

/** Which endpoint a request hit: the search, a single document, or anything else. */
export type RequestKind = "search" | "document" | "other";

/** One request as the fake docs service saw and answered it. */
export interface RecordedRequest {
  method: string;
  /** The URL path, without the query string. */
  path: string;
  kind: RequestKind;
  collectionId?: string;
  documentId?: string;
  query?: string;
  cursor?: string;
  /** The `page_size` parameter as a number (NaN when it was not one). */
  pageSize?: number;
  sort?: string;
  /** The bearer token (or `x-docs-user`) the request carried. */
  token?: string;
  /** The HTTP status sent; 0 when no response was sent (a reset fault, or the client went away). */
  status: number;
  /** The fault that fired on this request, if one did. */
  fault?: Fault["kind"];
  /**
   * True for a request that reached `service.elsewhereUrl`, the other origin a redirect fault
   * points to: a client that followed the redirect (and maybe sent its caller's headers there).
   */
  elsewhere?: true;
  /** When the request arrived, in milliseconds since the epoch. */
  at: number;
  /** From arrival until the answer was sent (or the connection ended). */
  durationMs: number;
}
