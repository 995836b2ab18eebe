import pg from "pg";
import { readFileSync } from "node:fs";
import { startPostgresServer } from "../src/testing/start-postgres-server.ts";
import { loadCorpus } from "../src/testing/load-corpus.ts";
import { loadSections, sectionsOfDocument } from "../src/postgres/load-sections.ts";
import { postgresSchemaSql } from "../src/postgres/postgres-schema-sql.ts";
import { splitExclusions } from "../src/postgres/split-exclusions.ts";
const server = await startPostgresServer();
const pool = new pg.Pool({ connectionString: server.url, max: 4 });
pool.on("error", () => {});
await pool.query(postgresSchemaSql());
const docs = loadCorpus("/work/shared/corpus/docs.jsonl");
await loadSections(pool, docs.flatMap((d) => sectionsOfDocument(d)));
await pool.query("vacuum analyze search_docs_sections");
const queries = readFileSync("/work/shared/queries/dev-queries.jsonl", "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).filter((q) => q.gold.length > 0);
const loose = `coalesce((select string_agg('''' || replace(replace(lexeme, '\\\\', '\\\\\\\\'), '''', '''''') || '''', ' | ') from unnest(tsvector_to_array(to_tsvector('english'::regconfig, $2))) as lexeme), '')::tsquery`;
const variants: Record<string, string> = {
  mild_r1: `ts_rank('{0.1,0.5,0.55,0.6}', v, l, 1)`,
  mild2_r1: `ts_rank('{0.1,0.4,0.5,0.6}', v, l, 1)`,
  mild_r1_tier: `(v @@ s)::int + ts_rank('{0.1,0.5,0.55,0.6}', v, l, 1|32)`,
};
for (const [name, score] of Object.entries(variants)) {
  let recall = 0, mrr = 0;
  for (const q of queries) {
    const { included } = splitExclusions(q.query);
    const r = await pool.query(`with i as (select websearch_to_tsquery('english', $1) as s, ${loose} as l)
      select document_id, max(score) as best from (select document_id, ${score.replaceAll('v @@', 't.search_vector @@').replaceAll('(v,', '(t.search_vector,').replaceAll(', v,', ', t.search_vector,').replaceAll(' s)', ' i.s)').replaceAll(' l,', ' i.l,')} as score from search_docs_sections t, i where collection_id = $3 and t.search_vector @@ i.l order by score desc limit 60) y group by document_id order by best desc limit 8`, [q.query, included, q.area]);
    const ids = r.rows.map((row) => row.document_id);
    const golds = q.gold.map((g: { doc_id: string }) => g.doc_id);
    recall += golds.filter((g: string) => ids.includes(g)).length / golds.length;
    const first = ids.findIndex((id: string) => golds.includes(id));
    mrr += first < 0 ? 0 : 1 / (first + 1);
  }
  console.log(name, (recall / queries.length).toFixed(3), (mrr / queries.length).toFixed(3));
}
await pool.end();
await server.destroy();
