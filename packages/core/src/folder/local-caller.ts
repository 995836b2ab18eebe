import type { Caller } from "../contract/caller.js";

/**
 * The caller for a local docs folder. Core asks for a caller on every call; the folder backend
 * never reads it (the files are the local user's). The CLI and the MCP bin pass it with `--docs`;
 * an app using an adapter passes it where it would pass a user's credentials.
 */
export const localCaller: Caller = Object.freeze({ token: "local" });
