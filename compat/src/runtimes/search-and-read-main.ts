// Node, Bun and Deno run this file as it is: the options as JSON in the first argument, the
// result as JSON on stdout.
import { type SearchAndReadOptions, searchAndRead } from "./search-and-read.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as SearchAndReadOptions;
process.stdout.write(`${JSON.stringify(await searchAndRead(options))}\n`);
