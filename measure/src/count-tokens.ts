import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";

let encoder: Tiktoken | undefined;

/** o200k_base tokens of the model-facing output as the tool sends it (compact JSON). */
export function countTokens(output: unknown): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(typeof output === "string" ? output : JSON.stringify(output)).length;
}
