import { main } from "../cli/main.js";

/** One CLI invocation in process: its exit code and everything it wrote. */
export async function runCli(argv: string[], environment: NodeJS.ProcessEnv) {
  let out = "";
  let err = "";
  const code = await main(argv, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    environment,
    untilStopped: () => Promise.resolve(),
  });
  return { code, out, err };
}
