// @search-docs/core/v2: the seed's v2 API as a search backend, over fetch (DESIGN.md section 2).
export { type V2BackendOptions, v2Backend } from "./v2-backend.js";
export { v2StatusTable } from "./v2-status-table.js";
