import { fileURLToPath } from "node:url";

// The test builds a copy of this app in compat/.edge-app: the repository's root is two folders up,
// where pnpm links the workspace packages (Turbopack resolves no file outside its root).
export default {
  turbopack: { root: fileURLToPath(new URL("../..", import.meta.url)) },
};
