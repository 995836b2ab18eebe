/** How the server names itself in `initialize`. The version is package.json's (a test holds it). */
export const serverInfo = Object.freeze({ name: "search-docs", version: "0.1.0" });
