import { expect, it } from "vitest";
import { runDemo } from "./demo.js";

it("the demo tours the five cases, each with the model's view and the trace", async () => {
  let out = "";
  let err = "";
  const code = await runDemo({
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  expect(code).toBe(0);
  expect(err).toMatch(/^Searching the docs folder .*examples\/docs\/? \(62 Markdown files/);
  expect(err).toMatch(
    /Using the embedded fake docs service .* for the cases that need a backend misbehaving/,
  );
  // Cases 1, 2 and 5 run on the folder: refs are the files' paths.
  expect(out).toMatch(/"ref": "runbooks\/key-rotation#\d+"/);
  const statuses = [...out.matchAll(/^ {2}"status": "(\w+)"/gm)].map((match) => match[1]);
  expect(statuses).toEqual(["ok", "no_matches", "unavailable", "ok", "ok"]);
  expect(out.match(/What a support engineer sees:/g)).toHaveLength(5);
  expect(out).toMatch(/omitted policies .*forbidden/);
  expect(out).toMatch(/reindexing \(409\) past its 3000 ms wait budget/);

  // Case 3's heading says what the trace shows, not what the policy allows.
  const reindexCase = out.slice(out.indexOf("\n3. "), out.indexOf("\n4. "));
  const heading = reindexCase.match(/(\d+) attempts and ([\d,]+) ms of waiting \(budget 3 s\)/);
  const conflicts = [...reindexCase.matchAll(/→ 409 .*?(?:after waiting (\d+) ms)?$/gm)];
  const waited = conflicts.reduce((total, match) => total + Number(match[1] ?? 0), 0);
  expect(Number(heading?.[1])).toBe(conflicts.length);
  // Each line rounds its own wait: the sum may differ from the rounded total by half a ms a line.
  expect(Math.abs(Number(heading?.[2]?.replace(/,/g, "")) - waited)).toBeLessThanOrEqual(
    conflicts.length,
  );
});
