import { expect, it } from "vitest";
import { porterStem } from "./porter-stem.js";

// Examples from the algorithm's definition (https://tartarus.org/martin/PorterStemmer/def.txt).
const examples: Record<string, string> = {
  caresses: "caress",
  ponies: "poni",
  ties: "ti",
  caress: "caress",
  cats: "cat",
  feed: "feed",
  agreed: "agre",
  plastered: "plaster",
  bled: "bled",
  motoring: "motor",
  sing: "sing",
  conflated: "conflat",
  troubled: "troubl",
  sized: "size",
  hopping: "hop",
  tanned: "tan",
  falling: "fall",
  hissing: "hiss",
  fizzed: "fizz",
  failing: "fail",
  filing: "file",
  happy: "happi",
  sky: "sky",
  relational: "relat",
  conditional: "condit",
  rational: "ration",
  digitizer: "digit",
  vietnamization: "vietnam",
  predication: "predic",
  operator: "oper",
  feudalism: "feudal",
  decisiveness: "decis",
  hopefulness: "hope",
  callousness: "callous",
  sensitiviti: "sensit",
  triplicate: "triplic",
  formative: "form",
  formalize: "formal",
  electrical: "electr",
  goodness: "good",
  revival: "reviv",
  allowance: "allow",
  inference: "infer",
  airliner: "airlin",
  gyroscopic: "gyroscop",
  adjustable: "adjust",
  defensible: "defens",
  irritant: "irrit",
  replacement: "replac",
  adjustment: "adjust",
  dependent: "depend",
  adoption: "adopt",
  communism: "commun",
  activate: "activ",
  homologous: "homolog",
  effective: "effect",
  bowdlerize: "bowdler",
  probate: "probat",
  rate: "rate",
  cease: "ceas",
  controll: "control",
  roll: "roll",
};

it("stems the definition's examples as the definition does", () => {
  const stemmed = Object.fromEntries(Object.keys(examples).map((word) => [word, porterStem(word)]));
  expect(stemmed).toEqual(examples);
});

it("brings a question's words and a runbook's together", () => {
  expect(new Set(["rotating", "rotation", "rotate", "rotates"].map(porterStem))).toEqual(
    new Set(["rotat"]),
  );
});

it("leaves short words, digits and other scripts as they are", () => {
  expect(["is", "k8s", "v2", "café", "Rotating"].map(porterStem)).toEqual([
    "is",
    "k8s",
    "v2",
    "café",
    "Rotating",
  ]);
});
