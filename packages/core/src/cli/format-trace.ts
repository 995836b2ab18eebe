import type { Trace } from "../trace/trace.js";

/** A trace as a support engineer reads it: each upstream request, waits, omissions, timing. */
export function formatTrace(trace: Trace): string {
  const lines: string[] = [];
  const subject =
    trace.tool === "search_docs"
      ? `query "${trace.query ?? ""}"${trace.area ? ` in ${trace.area}` : ""}`
      : `ref ${trace.ref ?? ""}`;
  lines.push(`trace ${trace.traceId}  ${trace.tool}  ${subject}`);
  lines.push(
    `  status ${trace.status} in ${Math.round(trace.durationMs)} ms, ${trace.requests.length} upstream request(s)`,
  );
  const areaWidth = Math.max(4, ...trace.requests.map((request) => request.area.length));
  for (const request of trace.requests) {
    const wait = request.waitMs > 0 ? `  after waiting ${Math.round(request.waitMs)} ms` : "";
    lines.push(
      `  ${request.area.padEnd(areaWidth)}  ${shortId(request.collectionId)}  ${request.kind} page ${request.page}  attempt ${request.attempt}  → ${String(request.status).padEnd(7)} ${String(Math.round(request.latencyMs)).padStart(5)} ms${wait}`,
    );
  }
  for (const collection of trace.collections) {
    const why = collection.reason ? ` (${collection.reason})` : "";
    lines.push(
      `  ${collection.area} ${shortId(collection.collectionId)}: ${collection.pages} page(s), ${collection.candidates} candidate(s), stop: ${collection.stop}${why}`,
    );
  }
  for (const omission of trace.omitted) {
    lines.push(
      `  omitted ${omission.area} ${shortId(omission.collectionId)}: ${omission.reason} (the model is not told)`,
    );
  }
  if (trace.tool === "search_docs") {
    lines.push(
      `  ${trace.candidates} distinct candidate(s) reranked, ${trace.returned} returned${trace.truncated ? ", more exist" : ""}`,
    );
  }
  for (const note of trace.notes) lines.push(`  note: ${note}`);
  return lines.join("\n");
}

function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
