import { describe, expect, it } from "vitest";
import { isProcessLocalRef, parseRef } from "./ref.js";
import { decodeRefPath, encodeRefPath } from "./ref-path.js";

describe("encodeRefPath", () => {
  it("keeps an ordinary nested path as it is, whole", () => {
    const path = "alertmanager/alertmanager-cluster-failed-to-send-alerts";
    expect(encodeRefPath(path)).toBe(path);
    expect(parseRef(`runbooks/${path}#4`)).toEqual({ area: "runbooks", slug: path, section: "4" });
  });

  it("encodes what a ref cannot carry, and decodes back to the file's path", () => {
    for (const path of [
      "Guides/Getting Started",
      "notes/café #2",
      "a/b--c",
      "api/v1.2/Rate_Limits(old)",
      ".well-known/x",
    ]) {
      const encoded = encodeRefPath(path);
      expect(parseRef(`docs/${encoded}#1`)?.slug).toBe(encoded);
      expect(decodeRefPath(encoded)).toBe(path);
    }
    // A file named with "--" is not mistaken for a process-local ref.
    expect(isProcessLocalRef(`docs/${encodeRefPath("a/b--c")}`)).toBe(false);
  });
});
