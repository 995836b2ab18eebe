import { expect, it } from "vitest";
import { splitExclusions } from "./split-exclusions.js";

it("keeps every word when nothing is excluded", () => {
  expect(splitExclusions("rotate the signing key")).toEqual({
    included: "rotate the signing key",
    excluded: "",
  });
});

it('takes out -word and -"a phrase" as websearch_to_tsquery reads them', () => {
  expect(splitExclusions('-legacy rotate key -"api v1" re-run')).toEqual({
    included: " rotate key  re-run",
    excluded: 'legacy or "api v1"',
  });
});

it("closes an unterminated excluded phrase", () => {
  expect(splitExclusions('key -"old way')).toEqual({ included: "key ", excluded: '"old way"' });
});

it("keeps a pasted command's flags and an error's code as words to look for", () => {
  expect(splitExclusions("journalctl -b -f -u kubelet.service")).toEqual({
    included: "journalctl -b -f -u kubelet.service",
    excluded: "",
  });
  expect(splitExclusions("kubectl get pods --all-namespaces -legacy")).toEqual({
    included: "kubectl get pods --all-namespaces ",
    excluded: "legacy",
  });
  expect(splitExclusions("-ERR unknown command -WRONGTYPE")).toEqual({
    included: "-ERR unknown command -WRONGTYPE",
    excluded: "",
  });
});
