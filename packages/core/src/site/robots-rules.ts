/**
 * robots.txt as RFC 9309 reads it: the group for our user agent (else `*`), its Allow and
 * Disallow rules matched by prefix with `*` and `$`, the longest match winning, Allow on a tie.
 * A missing or unreadable robots.txt allows everything (RFC 9309 §2.3.1.3, 4xx).
 */
export interface RobotsRules {
  allows(path: string): boolean;
}

export const allowEverything: RobotsRules = { allows: () => true };

export function parseRobots(text: string, userAgent: string): RobotsRules {
  const groups: { agents: string[]; rules: { allow: boolean; pattern: string }[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/).slice(0, 5_000)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (match?.[1] === undefined) continue;
    const field = match[1].toLowerCase();
    const value = (match[2] ?? "").trim();
    if (field === "user-agent") {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current === undefined || (field !== "allow" && field !== "disallow")) continue;
    // An empty Disallow allows everything: no rule.
    if (value !== "") current.rules.push({ allow: field === "allow", pattern: value });
  }
  const agent = userAgent.toLowerCase();
  const mine = groups.filter((group) =>
    group.agents.some((name) => name !== "*" && agent.includes(name)),
  );
  const chosen = mine.length > 0 ? mine : groups.filter((group) => group.agents.includes("*"));
  const rules = chosen
    .flatMap((group) => group.rules)
    .map((rule) => ({
      ...rule,
      test: patternOf(rule.pattern),
    }));
  return {
    allows(path) {
      let best: { allow: boolean; length: number } | undefined;
      for (const rule of rules) {
        if (!rule.test.test(path)) continue;
        const length = rule.pattern.length;
        if (best === undefined || length > best.length || (length === best.length && rule.allow)) {
          best = { allow: rule.allow, length };
        }
      }
      return best?.allow ?? true;
    },
  };
}

function patternOf(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}
