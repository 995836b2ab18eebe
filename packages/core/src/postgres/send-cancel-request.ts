import { connect } from "node:net";

/** Where a cancel request goes and whom it names: what node-postgres keeps on a connected client. */
export interface CancelTarget {
  host: string;
  port: number;
  processId: number;
  secretKey: number;
}

/**
 * The cancel target of a node-postgres client (its `host`, `port`, `processID`, `secretKey`),
 * or undefined when the client does not expose them (another driver, not connected yet).
 */
export function cancelTargetOf(client: unknown): CancelTarget | undefined {
  if (typeof client !== "object" || client === null) return undefined;
  const { host, port, processID, secretKey } = client as Record<string, unknown>;
  if (typeof host !== "string" || host === "") return undefined;
  if (typeof port !== "number" || !Number.isInteger(port)) return undefined;
  if (typeof processID !== "number" || !Number.isInteger(processID)) return undefined;
  if (typeof secretKey !== "number" || !Number.isInteger(secretKey)) return undefined;
  return { host, port, processId: processID, secretKey };
}

const cancelRequestCode = 80877102;

/**
 * Sends PostgreSQL's CancelRequest for the query a connection is running (Frontend/Backend
 * Protocol, "Canceling Requests in Progress"): a fresh socket, 16 bytes, no authentication and no
 * connection slot, so it works when max_connections is exhausted. Closing the query's own socket
 * would not stop a query waiting on a lock; this does. Resolves when the server has closed the
 * socket (it has read the request) or after `waitMs`; never rejects.
 */
export function sendCancelRequest(target: CancelTarget, waitMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = target.host.startsWith("/")
      ? connect({ path: `${target.host}/.s.PGSQL.${target.port}` })
      : connect({ host: target.host, port: target.port });
    let sent = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.once("connect", () => {
      const message = Buffer.alloc(16);
      message.writeInt32BE(16, 0);
      message.writeInt32BE(cancelRequestCode, 4);
      message.writeInt32BE(target.processId, 8);
      message.writeInt32BE(target.secretKey, 12);
      socket.write(message, () => {
        sent = true;
        socket.end();
      });
    });
    socket.on("error", () => {});
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(sent);
    });
  });
}
