/**
 * An answer the fake service is about to send: status, body (a string is sent as is, so a
 * malformed-body fault can send broken JSON; anything else as JSON) and extra headers.
 */
export interface WireResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
