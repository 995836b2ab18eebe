import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { appRoot } from "./app-paths";

// Next.js 16 prints "The Edge Runtime is deprecated" in every build of an app with an edge
// route, `pnpm build` included. The edge runtime is tested in compat/src/edge-runtime.test.ts.
test("no route of the example runs on the edge runtime, so its build prints no deprecation", () => {
  const files = readdirSync(join(appRoot, "app"), { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.(ts|tsx)$/.test(file),
  );
  expect(files.length).toBeGreaterThan(0);
  const edge = files.filter((file) =>
    /export\s+const\s+runtime\s*=\s*["']edge["']/.test(
      readFileSync(join(appRoot, "app", file), "utf8"),
    ),
  );
  expect(edge).toEqual([]);
});
