import { expect, it } from "vitest";
import { runDemo } from "./demo.js";

it("the demo tours the five cases, each with the model's view and the trace", async () => {
  let out = "";
  const code = await runDemo({
    out: (text) => {
      out += text;
    },
  });
  expect(code).toBe(0);
  expect(out.split("\n")[0]).toMatch(/^Using the embedded fake docs service/);
  const statuses = [...out.matchAll(/^ {2}"status": "(\w+)"/gm)].map((match) => match[1]);
  expect(statuses).toEqual(["ok", "no_matches", "unavailable", "ok", "ok"]);
  expect(out.match(/What a support engineer sees:/g)).toHaveLength(5);
  expect(out).toMatch(/omitted policies .*forbidden/);
  expect(out).toMatch(/reindexing \(409\) past its 3000 ms wait budget/);
});
