// A Cloudflare Worker (no nodejs_compat): the options come in the request body.
import { type SearchAndReadOptions, searchAndRead } from "./search-and-read.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    const options = (await request.json()) as SearchAndReadOptions;
    return Response.json(await searchAndRead(options));
  },
};
