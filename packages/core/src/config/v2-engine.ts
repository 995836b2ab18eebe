import { fetchBlockedPort } from "../backend-kit/fetch-blocked-port.js";
import { areasValue, httpUrlValue, portalUrlOf, refuse, requiredValue } from "./config-checks.js";
import type { EngineEntry } from "./engine-entry.js";

/** The seed's v2 API (DESIGN §2, "The v2 backend"). */
export const v2Engine: EngineEntry = {
  engine: "v2",
  label: "the v2 API",
  variables: [
    {
      name: "SEARCH_DOCS_V2_URL",
      alias: "SEARCH_DOCS_BASE_URL",
      required: true,
      description: "the API's base URL (requests go to {url}/v2/collections/...)",
    },
  ],
  shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_PORTAL_URL", "SEARCH_DOCS_TOKEN"],
  callerNeeds: "a bearer token (SEARCH_DOCS_TOKEN for one user)",
  overFetch: true,
  read(value, mode) {
    const baseUrl = httpUrlValue(value, "SEARCH_DOCS_V2_URL", "v2");
    const token = mode === "one-user" ? requiredValue(value, "SEARCH_DOCS_TOKEN", "v2") : "";
    const areas = areasValue(value, "v2");
    const blocked = fetchBlockedPort(new URL(baseUrl));
    if (blocked) {
      const name = value.setAs("SEARCH_DOCS_V2_URL");
      refuse(name, `${name}'s port ${blocked} is one fetch refuses to connect to; use another`);
    }
    return {
      engine: "v2",
      origin: baseUrl.replace(/\/+$/, ""),
      areas,
      ...portalUrlOf(value),
      ...(mode === "one-user" ? { caller: { token }, credential: "SEARCH_DOCS_TOKEN" } : {}),
      async open() {
        const { v2Backend } = await import("../v2/v2-backend.js");
        return { backend: v2Backend({ baseUrl }), areas, close: async () => {} };
      },
    };
  },
};
