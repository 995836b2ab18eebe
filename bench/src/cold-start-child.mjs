// One fresh process of the cold-start bench (`measure-cold-start.ts` runs it):
// `node cold-start-child.mjs <arm> <options json>`. Plain JavaScript, as a serverless route ships:
// a TypeScript child would pay Node's type stripping in every arm. Prints, as one JSON line, the
// milliseconds from the process's start (performance's time origin) and its CPU until the answer.
const [arm, json] = process.argv.slice(2);
const options = JSON.parse(json ?? "{}");
const headers = { authorization: `Bearer ${options.token}` };
let status = "none";
if (arm === "import") {
  await import(options.specifier);
} else if (arm === "search-docs") {
  const { createDocsSearch } = await import(options.specifier);
  const docs = createDocsSearch({ baseUrl: options.baseUrl, areas: options.areas });
  const { output } = await docs.search({ query: options.query }, { caller: { headers } });
  status = output.status;
} else if (arm === "bare-loop") {
  // bare-loop-search.ts's loop: every collection's first page at once, parsed, sorted by score.
  const pages = await Promise.all(
    Object.values(options.areas)
      .flat()
      .map(async (collectionId) => {
        const response = await fetch(
          `${options.baseUrl}/v2/collections/${encodeURIComponent(collectionId)}/documents/search?query=${encodeURIComponent(options.query)}&page_size=20&sort=relevance`,
          { headers },
        );
        const text = await response.text();
        return response.status === 200 ? JSON.parse(text).items : [];
      }),
  );
  const top = pages
    .flat()
    .sort((left, right) => right.score - left.score)
    .slice(0, 8);
  status = top.length > 0 ? "ok" : "no_matches";
} else if (arm !== "node") {
  throw new Error(`unknown arm ${arm}: node, import, search-docs or bare-loop`);
}
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({ wallMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000, status })}\n`,
);
