/**
 * The versions an app brings, at both ends of what the packages support: the lowest of each range
 * (found by installing older versions until this test failed) and the newest at the time of
 * writing. Each set is one fresh npm install of the packed tarballs.
 */
export interface PeerSet {
  name: "lowest" | "newest";
  dependencies: Record<string, string>;
  /**
   * Transitive versions pinned as an app's lockfile from that time would pin them: a fresh
   * install of an old langchain otherwise pulls today's LangGraph, which needs today's core.
   */
  overrides?: Record<string, string>;
}

export const peerSets: PeerSet[] = [
  {
    name: "lowest",
    dependencies: {
      ai: "7.0.0",
      // The tools run from 1.0.1 (LangGraph 1.0's floor), but createAgent's types accept their
      // class only from 1.1.32.
      "@langchain/core": "1.1.32",
      langchain: "1.0.1",
      // From 4.1.13 every copy of zod shares one registry of descriptions (globalThis): core
      // inlines its own zod/mini, and an app's zod must read the descriptions core's schemas carry.
      zod: "4.1.13",
      // The lowest API the stable SDK 2.x takes, with its first release.
      "@opentelemetry/api": "1.3.0",
      "@opentelemetry/sdk-trace-base": "2.0.0",
      // The MCP package's own dependency; the app's client talks to its server.
      "@modelcontextprotocol/sdk": "1.32.2",
      typescript: "5.9.2",
      "@types/node": "22.18.0",
    },
    overrides: {
      "@langchain/langgraph": "1.0.0",
      "@langchain/langgraph-checkpoint": "1.0.0",
      "@langchain/langgraph-sdk": "1.0.0",
    },
  },
  {
    name: "newest",
    dependencies: {
      ai: "7.0.173",
      "@langchain/core": "1.4.0",
      langchain: "1.5.14",
      zod: "4.6.7",
      // sdk-trace-base 2.x takes @opentelemetry/api >=1.3.0 <1.10.0: an app on it has 1.9.
      "@opentelemetry/api": "1.9.1",
      "@opentelemetry/sdk-trace-base": "2.12.1",
      "@modelcontextprotocol/sdk": "1.32.2",
      typescript: "6.0.3",
      "@types/node": "24.19.4",
    },
  },
];
