import { describe, expect, it } from "vitest";
import { EvalQueryError } from "../errors/eval-query-error.js";
import { parseEvalQueries } from "./parse-eval-queries.js";

function failure(text: string): EvalQueryError {
  try {
    parseEvalQueries(text, "set.jsonl");
  } catch (error) {
    if (EvalQueryError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("parsed");
}

describe("parseEvalQueries", () => {
  it("reads query lines: area, tags, expectations, ids, blank lines skipped", () => {
    const set = parseEvalQueries(
      [
        '{"query":"  rotate a key ","area":"runbooks","expect":["runbooks/key-rotation#3"],"tags":["howto"]}',
        "",
        '{"id":"q2","query":"bake bread","expect":[]}',
      ].join("\n"),
      "set.jsonl",
    );
    expect(set.drafted).toBe(false);
    expect(set.queries).toEqual([
      {
        id: "runbooks:rotate a key",
        source: "set.jsonl",
        line: 1,
        query: "rotate a key",
        area: "runbooks",
        expect: [
          {
            text: "runbooks/key-rotation#3",
            document: "runbooks/key-rotation",
            section: "3",
            isUrl: false,
          },
        ],
        tags: ["howto"],
      },
      { id: "q2", source: "set.jsonl", line: 3, query: "bake bread", expect: [], tags: [] },
    ]);
  });

  it.each([
    ['{"query":"a","expect":[]}\n{"query":"b"', 2, /not JSON/],
    [
      '{"query":"a","expect":[]}\n\n{"query":"","expect":[]}',
      3,
      /"query" must be a non-empty string/,
    ],
    ['{"query":"a"}', 1, /"expect" must be a list/],
    ['{"query":"a","expected":["x"],"expect":[]}', 1, /unknown field "expected"/],
    ['{"query":"a","expect":["runbooks/x#"]}', 1, /"expect" holds "runbooks\/x#"/],
    ['{"query":"a","expect":[3]}', 1, /"expect" holds 3/],
    ['{"query":"a","expect":[],"tags":"x"}', 1, /"tags" must be a list/],
    ['{"query":"a","expect":[]}\n{"query":"a","expect":["b"]}', 2, /the same question as line 1/],
    ["[1]", 1, /each line must be an object/],
    ['{"query":"a","expect":[]}\n{"search_docs_eval":"drafted"}', 2, /first line only/],
  ])("refuses %j at its line", (text, line, message) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(new RegExp(`^set\\.jsonl:${line}: `));
    expect(error.message).toMatch(message);
  });

  it("refuses an empty set, and reads the drafted marker on the first line", () => {
    expect(failure("\n\n").message).toBe("set.jsonl: no queries: one JSON object per line");
    const drafted = parseEvalQueries(
      '{"search_docs_eval":"drafted","note":"edit me"}\n{"query":"a","expect":[]}',
    );
    expect(drafted.drafted).toBe(true);
    expect(drafted.queries).toHaveLength(1);
  });

  it("checks an array of lines the same way, numbering them from 1", () => {
    expect(() => parseEvalQueries([{ query: "a", expect: [] }, { query: "b" }])).toThrow(
      /^queries:2: "expect" must be a list/,
    );
  });
});
