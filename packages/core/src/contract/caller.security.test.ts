import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { RetryBudget } from "../retry/retry-budget.js";
import type { Trace } from "../trace/trace.js";

// Credentials travel on every request and nowhere else: not in outputs, traces, notes or error
// messages, even when the backend echoes them back in its error bodies and headers.

// Token characters (as bearer tokens use them), long and prefixed so that any text it leaks
// into shows it verbatim, JSON-escaped or not.
const secret = fc.stringMatching(/^[A-Za-z0-9._~+/-]{12,60}$/).map((token) => `sk_${token}`);

function echoingBackend(mode: "401" | "500" | "malformed" | "slow") {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const authorization = request.headers.get("authorization") ?? "";
    const echo = { error: `refused ${authorization}`, detail: authorization };
    const headers = { "www-authenticate": `Bearer error="${authorization}"` };
    switch (mode) {
      case "401":
        return Response.json(echo, { status: 401, headers });
      case "500":
        return Response.json(echo, { status: 500, headers });
      case "malformed":
        return new Response(`{"items": "${authorization}"`, { status: 200, headers });
      case "slow":
        return new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason));
        });
    }
  };
  return fetch;
}

describe("credentials never leak (property)", () => {
  it("not into outputs, traces or notes, whatever the backend echoes", async () => {
    await fc.assert(
      fc.asyncProperty(
        secret,
        fc.constantFrom("401" as const, "500" as const, "malformed" as const, "slow" as const),
        fc.boolean(),
        async (token, mode, asHeaders) => {
          const traces: Trace[] = [];
          const docs = createDocsSearch({
            baseUrl: "http://backend.test",
            areas: { runbooks: ["c1"], policies: ["c2"] },
            fetch: echoingBackend(mode),
            retry: { baseDelayMs: 0, maxDelayMs: 1 },
            limits: { deadlineMs: 60 },
            retryBudget: new RetryBudget({ ratio: 1, floor: 1000, windowMs: 10_000 }),
            onTrace: (trace) => {
              traces.push(trace);
            },
          });
          const caller = asHeaders ? { headers: { "X-Api-Key": token } } : { token };
          const search = await docs.search({ query: "rotate keys" }, { caller });
          const document = await docs.getDocument({ ref: "runbooks/x#1" }, { caller });
          const everything = JSON.stringify([search, document, traces]);
          expect(search.output.status).toBe("unavailable");
          expect(everything).not.toContain(token);
          expect(everything).not.toMatch(/bearer/i);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("not into the message of a rejected caller", async () => {
    const docs = createDocsSearch({
      baseUrl: "http://backend.test",
      areas: { runbooks: ["c1"] },
      fetch: () => Promise.reject(new Error("no request may be sent")),
    });
    await fc.assert(
      fc.asyncProperty(
        secret,
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.boolean(),
        async (token, newline, asHeaders) => {
          // A credential with a line break would split the header: refused, without repeating it.
          const bad = `${token}${newline}injected: header`;
          const caller = asHeaders ? { headers: { authorization: bad } } : { token: bad };
          const error = await docs.search({ query: "x" }, { caller }).then(
            () => undefined,
            (reason: unknown) => reason,
          );
          expect(InvalidInputError.isInstance(error)).toBe(true);
          const text = [String(error), (error as Error).stack, JSON.stringify(error)].join(" ");
          expect(text).not.toContain(token);
          expect(text).not.toContain("injected");
        },
      ),
      { numRuns: 60 },
    );
  });
});
