import type { PageRequest } from "../backend/search-backend.js";

// How the contract's failure messages quote what a backend did: short, and never a throw of its own.

export function describeRequest(request: PageRequest): string {
  return JSON.stringify({
    ...request,
    query: request.query.length > 60 ? `${request.query.slice(0, 60)}…` : request.query,
  });
}

export function describeOutcome(outcome: unknown): string {
  const text = safeJson(outcome);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function describeValue(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return JSON.stringify(value.slice(0, 100));
  return String(value);
}

export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
