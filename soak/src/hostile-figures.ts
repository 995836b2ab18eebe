// node soak/src/hostile-figures.ts: issue 9's table of hostile backends, measured. Each row's
// backend is a raw node:http server here (not the fake docs service); each row's client runs in
// a child process of its own (hostile-client-child.ts), so the peak RSS it reports is the
// client's. Prints a markdown table: time to settle against the deadline, peak RSS, what the
// model was told. Wall times depend on the machine's load: read them as such.
import { fork } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import type { HostileCase, HostileResult } from "./hostile-client-child.ts";

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

interface Backend {
  url: string;
  requests: { url: string; headers: IncomingMessage["headers"] }[];
  close(): Promise<void>;
}

async function serve(handler: Handler): Promise<Backend> {
  const requests: Backend["requests"] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    response.on("error", () => {});
    handler(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(count: number, extra: Record<string, unknown> = {}): string {
  const items = Array.from({ length: count }, (_, index) => ({
    document_id: `doc-${index}`,
    title: `Document ${index}`,
    score: 1 - index / (count + 1),
    snippet: "rotate the key",
  }));
  return JSON.stringify({
    items,
    next_cursor: null,
    has_more: false,
    collection_version: 1,
    ...extra,
  });
}

function pumpForever(response: ServerResponse, chunk: string): void {
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {
      // Room in the socket's buffer.
    }
    if (!response.destroyed) response.once("drain", pump);
  };
  pump();
}

async function gzipOf(head: string, fillBytes: number, tail: string): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve) => gzip.on("end", resolve));
  const fill = Buffer.alloc(1024 * 1024, 0x30);
  gzip.write(head);
  for (let left = fillBytes; left > 0; left -= fill.byteLength) {
    if (!gzip.write(left >= fill.byteLength ? fill : fill.subarray(0, left))) {
      await new Promise((resolve) => gzip.once("drain", resolve));
    }
  }
  gzip.end(tail);
  await done;
  return Buffer.concat(out);
}

function runClient(hostile: HostileCase): Promise<HostileResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./hostile-client-child.ts", import.meta.url), [], {
      execArgv: [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("error", reject);
    child.on("message", (message: HostileResult | { ready: true }) => {
      if ("ready" in message) child.send(hostile);
      else resolve(message);
    });
  });
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const rows: string[][] = [];

async function row(
  name: string,
  handler: Handler,
  options: Omit<HostileCase, "url"> & { healthy?: Handler },
  describe: (result: HostileResult, backend: Backend) => string = () => "",
) {
  const backend = await serve(handler);
  const healthy = options.healthy ? await serve(options.healthy) : undefined;
  try {
    const result = await runClient({
      ...options,
      url: backend.url,
      ...(healthy ? { healthyUrl: healthy.url } : {}),
    });
    const worst = Math.max(0, ...result.settleMs);
    rows.push([
      name,
      `${ms(worst)} worst of ${result.settleMs.length}${result.pendingAt20s ? `, ${result.pendingAt20s} pending at 20 s` : ""} (deadline ${ms(options.deadlineMs)})`,
      `${mb(result.baseRssBytes)} → ${mb(result.peakRssBytes)}`,
      `${[...new Set(result.statuses)].join(", ")} (${result.failures.join(", ") || "no failure"}); ${describe(result, backend)}`.replace(
        /; $/,
        "",
      ),
    ]);
  } finally {
    await backend.close();
    await healthy?.close();
  }
}

const healthyPage: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(page(3));
};

await row(
  "body stalls after the headers (a byte per 100 ms), 2 s deadline, 10 other searches running, GC every 250 ms",
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"items": [');
    const timer = setInterval(() => response.write(" "), 100);
    response.on("close", () => clearInterval(timer));
  },
  { deadlineMs: 2000, calls: 10, healthyCalls: 10, gcEveryMs: 250, healthy: healthyPage },
);
await row(
  "body that never ends, 1 s deadline",
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"items": [');
    pumpForever(
      response,
      `${JSON.stringify({ document_id: "d", title: "t", score: 1, snippet: "x".repeat(1000) })},`.repeat(
        16,
      ),
    );
  },
  { deadlineMs: 1000, calls: 10 },
);
const bomb = await gzipOf('{"items": [], "has_more": false, "pad": "', 1024 * 1024 * 1024, '"}');
await row(
  `gzip bomb, ${(bomb.byteLength / 2 ** 20).toFixed(1)} MiB compressed (1 GiB inflated)`,
  (_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json",
      "content-encoding": "gzip",
      "content-length": bomb.byteLength,
    });
    response.end(bomb);
  },
  { deadlineMs: 5000, calls: 1 },
);
const fifty = page(1, { pad: "y".repeat(50 * 1024 * 1024) });
await row(
  "50 MB JSON page, no content-length",
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(fifty);
  },
  { deadlineMs: 5000, calls: 1 },
);
const hundredThousand = page(100_000, { has_more: true, next_cursor: "next" });
await row(
  "6 pages × 100,000 items (page_size=20 asked)",
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(hundredThousand);
  },
  { deadlineMs: 5000, calls: 1 },
  (result, backend) =>
    `${backend.requests.length} request; event loop's longest hold-up ${ms(result.loopDelayMaxMs)}`,
);
const elsewhere = await serve(healthyPage);
for (const status of [301, 302, 303, 307, 308]) {
  await row(
    `${status} to another origin, caller headers authorization + x-api-key + cookie`,
    (_request, response) => {
      response.writeHead(status, { location: `${elsewhere.url}/steal` });
      response.end();
    },
    {
      deadlineMs: 1000,
      calls: 1,
      headers: { authorization: "Bearer figures", "x-api-key": "figures-key", cookie: "s=1" },
    },
    (result) =>
      `${elsewhere.requests.length} requests reached the other origin; ${result.requestsPerCall[0]} traced, its origin named`,
  );
}
await elsewhere.close();
await row(
  "redirect loop",
  (request, response) => {
    response.writeHead(302, { location: request.url ?? "/" });
    response.end();
  },
  { deadlineMs: 1000, calls: 1 },
  (_result, backend) => `${backend.requests.length} upstream request per call, counted`,
);
await row(
  "connection reset after the headers (then a healthy answer)",
  (_request, response, index) => {
    const body = page(3);
    response.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    if (index === 0) {
      response.write(body.slice(0, 40));
      setTimeout(() => response.socket?.destroy(), 20);
    } else response.end(body);
  },
  { deadlineMs: 1000, calls: 1 },
  (result) =>
    `${result.requestsPerCall[0]} attempts: the reset retried like one before the headers`,
);

console.log("| case | time to settle | RSS (start → peak) | outcome |");
console.log("| --- | --- | --- | --- |");
for (const cells of rows) console.log(`| ${cells.join(" | ")} |`);
