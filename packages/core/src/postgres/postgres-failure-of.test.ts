import { expect, it } from "vitest";
import { statusRow } from "../backend-kit/status-table.js";
import {
  postgresDriverErrorTable,
  postgresEndUserErrorTable,
  postgresErrorClassTable,
  postgresErrorTable,
} from "./postgres-error-table.js";
import { postgresFailureOf } from "./postgres-failure-of.js";

const serverError = (code: string) =>
  Object.assign(new Error("server says: secret-ish detail"), { code });

it.each([
  ["55P03", "rebuilding"],
  ["53300", "overloaded"],
  ["57P03", "overloaded"],
  ["57P01", "transient"],
  ["57P02", "transient"],
  ["57014", "transient"],
  ["40001", "transient"],
  ["40P01", "transient"],
  ["28P01", "unauthorized"],
  ["28000", "unauthorized"],
  ["42P01", "failed"],
  ["42703", "failed"],
  ["42704", "failed"],
  ["42501", "failed"],
])(
  "SQLSTATE %s is %s, its reason the code and condition, never the server's message",
  (code, kind) => {
    const failure = postgresFailureOf(serverError(code), { asEndUser: false });
    expect(failure.kind).toBe(kind);
    expect(failure.reason).toBe(`SQLSTATE ${code} ${statusRow(postgresErrorTable, code)?.label}`);
    expect(failure.status).toBe(code);
  },
);

it("42501 as the end user's own role is forbidden; as the app's role a misconfiguration", () => {
  expect(postgresFailureOf(serverError("42501"), { asEndUser: true }).kind).toBe("forbidden");
  expect(postgresFailureOf(serverError("42501"), { asEndUser: false })).toMatchObject({
    kind: "failed",
    cause: "misconfigured",
  });
});

it("codes without a row fall back to their class, and anything unknown is transient, never empty", () => {
  expect(postgresFailureOf(serverError("08006"), { asEndUser: false }).kind).toBe("transient");
  expect(postgresFailureOf(serverError("53200"), { asEndUser: false }).kind).toBe("overloaded");
  expect(postgresFailureOf(serverError("42P10"), { asEndUser: false })).toMatchObject({
    kind: "failed",
    cause: "misconfigured",
  });
  expect(postgresFailureOf(serverError("XX000"), { asEndUser: false }).kind).toBe("transient");
  expect(postgresFailureOf(new TypeError("boom"), { asEndUser: false }).kind).toBe("transient");
  expect(postgresFailureOf("not an error", { asEndUser: false }).kind).toBe("transient");
});

it("driver errors: refused, reset and terminated connections are transient", () => {
  const codes = postgresDriverErrorTable.map((row) => String(row.status));
  for (const code of codes.filter((status) => status !== "network")) {
    expect(postgresFailureOf(serverError(code), { asEndUser: false })).toMatchObject({
      kind: "transient",
      reason: `network error (${code})`,
    });
  }
  expect(
    postgresFailureOf(new Error("Connection terminated unexpectedly"), { asEndUser: false }),
  ).toMatchObject({ kind: "transient", reason: "network error (connection terminated)" });
});

it("every row cites its page", () => {
  for (const row of [
    ...postgresErrorTable,
    ...postgresEndUserErrorTable,
    ...postgresErrorClassTable,
    ...postgresDriverErrorTable,
  ]) {
    expect(row.source.length).toBeGreaterThan(10);
  }
});
