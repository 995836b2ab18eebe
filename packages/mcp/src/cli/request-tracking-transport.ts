import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * A transport that knows when every request it delivered has been answered (or cancelled), so a
 * stdio server told to stop by its stdin closing can still send the answers it owes.
 */
export class RequestTrackingTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?:
    | (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void)
    | undefined;

  /**
   * Resolves when the inner transport closes, for whatever reason (the SDK's stdio transport
   * closes itself on a line past its buffer limit), with the last error it reported.
   */
  readonly closed: Promise<{ lastError: Error | undefined }>;

  readonly #inner: Transport;
  readonly #open = new Set<RequestId>();
  #whenIdle: (() => void)[] = [];
  #lastError: Error | undefined;

  constructor(inner: Transport) {
    this.#inner = inner;
    let resolveClosed: (value: { lastError: Error | undefined }) => void = () => {};
    this.closed = new Promise((resolve) => {
      resolveClosed = resolve;
    });
    inner.onclose = () => {
      resolveClosed({ lastError: this.#lastError });
      this.onclose?.();
    };
    inner.onerror = (error) => {
      this.#lastError = error;
      this.onerror?.(error);
    };
    inner.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message)) this.#open.add(message.id);
      // A cancelled request is never answered.
      if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
        this.#settle(message.params?.requestId as RequestId);
      }
      this.onmessage?.(message, extra);
    };
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.#inner.send(message, options);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      this.#settle(message.id as RequestId);
    }
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  /** Resolves once no request is waiting for its answer. */
  idle(): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#whenIdle.push(resolve));
  }

  #settle(id: RequestId | undefined): void {
    if (id === undefined || !this.#open.delete(id) || this.#open.size > 0) return;
    for (const resolve of this.#whenIdle.splice(0)) resolve();
  }
}
