// Run by each package's build before tsc, which never deletes: a source file removed since the
// last build would leave its old output in dist/, and pnpm pack would ship it with a source map
// pointing at nothing.
import { rmSync } from "node:fs";
import { join } from "node:path";

rmSync(join(process.cwd(), "dist"), { recursive: true, force: true });
