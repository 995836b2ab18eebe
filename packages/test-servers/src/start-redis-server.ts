import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort } from "./free-port.js";

/** A `redis-server` this process started: on 127.0.0.1, no persistence, its own temp dir. */
export interface RedisServer {
  /** e.g. "redis://127.0.0.1:43123" */
  url: string;
  port: number;
  pid: number;
  /** SIGSTOP: the server keeps its connections but answers nothing (a slow or hung Redis). */
  pause(): void;
  /** SIGCONT after `pause`. */
  resume(): void;
  /** Stops it by its PID (resuming it first if paused) and removes its directory. */
  stop(): Promise<void>;
}

export interface StartRedisServerOptions {
  /** A fixed port, e.g. to bring a stopped server back where its clients reconnect; default free. */
  port?: number;
  /** Default: `redis-server` on PATH (Debian's `redis-server` package). */
  binary?: string;
}

/** The `redis-server` on PATH, or undefined (install Debian's `redis-server` package). */
export function findRedisServer(): string | undefined {
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(folder, "redis-server");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

// Servers still running when this process exits are killed, so a failed test leaves none behind.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Starts `redis-server` on 127.0.0.1 (a free port by default) with persistence off and a temp
 * dir, and resolves once it answers PING. Stop it with `stop()`.
 */
export async function startRedisServer(
  options: StartRedisServerOptions = {},
): Promise<RedisServer> {
  const binary = options.binary ?? findRedisServer();
  if (binary === undefined) {
    throw new Error("redis-server is not on PATH: install Debian's redis-server package");
  }
  // A free port can be taken between the probe and redis binding it: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await launch(binary, port);
    } catch (error) {
      if (options.port !== undefined || attempt >= 5) throw error;
    }
  }
}

async function launch(binary: string, port: number): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), "search-docs-redis-"));
  const child = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "no",
      "--loglevel",
      "warning",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`redis-server did not start: ${output}`);
  running.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const server of running) server.kill("SIGKILL");
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", () => running.delete(child));

  let paused = false;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      if (paused) child.kill("SIGCONT");
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPong(port, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid,
    pause: () => {
      paused = true;
      process.kill(pid, "SIGSTOP");
    },
    resume: () => {
      paused = false;
      process.kill(pid, "SIGCONT");
    },
    stop,
  };
}

async function waitForPong(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with ${child.exitCode}: ${output()}`);
    }
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not answer PING on port ${port} within 10 s: ${output()}`);
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    let reply = "";
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk;
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
  });
}
