import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  accessSync,
  chownSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort } from "./free-port.js";

/** A throwaway PostgreSQL cluster this process started: on 127.0.0.1, password auth, its own temp dir. */
export interface PostgresServer {
  /** e.g. "postgres://postgres:…@127.0.0.1:43123/postgres" (the superuser). */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** The postmaster's process id. */
  pid: number;
  /** A fast shutdown (SIGINT): sessions end with 57P01, then the server is gone. The directory stays for `start`. */
  stop(): Promise<void>;
  /** Starts the stopped cluster again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

export interface StartPostgresServerOptions {
  /** The folder holding `initdb` and `postgres`; default: found by {@link findPostgresBinaries}. */
  binaries?: string;
  /** `max_connections` (default 20; 3 of them are reserved for superusers). */
  maxConnections?: number;
}

/**
 * The folder holding PostgreSQL's `initdb`, `postgres` and `pg_ctl`: on PATH, or Debian's
 * `/usr/lib/postgresql/<version>/bin` (the `postgresql` package does not put them on PATH);
 * undefined when there is none.
 */
export function findPostgresBinaries(): string | undefined {
  const executable = (folder: string) => {
    try {
      for (const name of ["initdb", "postgres", "pg_ctl"]) {
        accessSync(join(folder, name), constants.X_OK);
      }
      return true;
    } catch {
      return false;
    }
  };
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    if (folder !== "" && executable(folder)) return folder;
  }
  let versions: string[] = [];
  try {
    versions = readdirSync("/usr/lib/postgresql")
      .filter((name) => /^\d+$/.test(name))
      .sort((left, right) => Number(right) - Number(left));
  } catch {}
  for (const version of versions) {
    const folder = `/usr/lib/postgresql/${version}/bin`;
    if (executable(folder)) return folder;
  }
  return undefined;
}

// Clusters still running when this process exits get an immediate shutdown, so none is left behind.
const running = new Map<string, () => void>();
let exitHookInstalled = false;

/**
 * `initdb` in a temp directory, then `postgres` on 127.0.0.1 (a free port) with durability off,
 * resolving once it accepts connections. `initdb` refuses to run as root: as root, the cluster is
 * owned by and run as the `postgres` system user (Debian's package creates it).
 */
export async function startPostgresServer(
  options: StartPostgresServerOptions = {},
): Promise<PostgresServer> {
  const binaries = options.binaries ?? findPostgresBinaries();
  if (binaries === undefined) {
    throw new Error("PostgreSQL's initdb is not installed: install Debian's postgresql package");
  }
  const runAs = process.getuid?.() === 0 ? await systemUser("postgres") : undefined;
  const dir = mkdtempSync(join(tmpdir(), "search-docs-postgres-"));
  const password = randomBytes(12).toString("hex");
  try {
    if (runAs !== undefined) chownSync(dir, runAs.uid, runAs.gid);
    const passwordFile = join(dir, "password");
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (runAs !== undefined) chownSync(passwordFile, runAs.uid, runAs.gid);
    await run(
      join(binaries, "initdb"),
      [
        "--pgdata",
        join(dir, "data"),
        "--username",
        "postgres",
        "--pwfile",
        passwordFile,
        "--auth-local",
        "trust",
        "--auth-host",
        "scram-sha-256",
        "--encoding",
        "UTF8",
        "--locale",
        "C",
        "--no-sync",
      ],
      runAs,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  // A free port can be taken between the probe and the bind: try a few.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await launch(binaries, dir, port, options.maxConnections ?? 20, runAs);
      break;
    } catch (error) {
      if (attempt >= 5) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const postmasterPid = () => {
    try {
      return Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {
      return undefined;
    }
  };
  const killNow = () => {
    const pid = postmasterPid();
    if (pid !== undefined && alive(pid)) process.kill(pid, "SIGQUIT");
  };
  running.set(dir, killNow);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const kill of running.values()) kill();
    });
  }
  const stop = async () => {
    const pid = postmasterPid();
    if (pid === undefined || !alive(pid)) return;
    process.kill(pid, "SIGINT");
    const deadline = Date.now() + 10_000;
    while (alive(pid)) {
      if (Date.now() > deadline) process.kill(pid, "SIGKILL");
      await sleep(20);
    }
  };
  const server: PostgresServer = {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    host: "127.0.0.1",
    port,
    user: "postgres",
    password,
    database: "postgres",
    pid: postmasterPid() ?? 0,
    stop,
    start: async () => {
      await launch(binaries, dir, port, options.maxConnections ?? 20, runAs);
      server.pid = postmasterPid() ?? 0;
    },
    destroy: async () => {
      await stop();
      running.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

async function launch(
  binaries: string,
  dir: string,
  port: number,
  maxConnections: number,
  runAs: SystemUser | undefined,
): Promise<void> {
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    `-c max_connections=${maxConnections}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c shared_buffers=32MB",
  ].join(" ");
  await run(
    join(binaries, "pg_ctl"),
    [
      "start",
      "--pgdata",
      join(dir, "data"),
      "--log",
      join(dir, "server.log"),
      "--options",
      settings,
      "--wait",
      "--timeout",
      "30",
    ],
    runAs,
  );
  await waitForAccept(port);
}

interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

async function systemUser(name: string): Promise<SystemUser> {
  const uid = Number((await run("id", ["-u", name])).trim());
  const gid = Number((await run("id", ["-g", name])).trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(
      `running as root needs the ${name} system user (Debian's postgresql creates it)`,
    );
  }
  return { name, uid, gid };
}

function run(command: string, args: string[], runAs?: SystemUser): Promise<string> {
  const [file, argv] =
    runAs === undefined ? [command, args] : ["runuser", ["-u", runAs.name, "--", command, ...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

async function waitForAccept(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await accepts(port)) return;
    await sleep(25);
  }
  throw new Error(`PostgreSQL did not accept connections on port ${port} within 10 s`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => done(true));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
