// One percentile and one mean for bench, soak and `search-docs eval`: core's, so the figures agree.
export { mean, percentile } from "@search-docs/core/eval";
