export { type CheckCommandOptions, runCheckCommand } from "./check-command.js";
export type { CheckReport, CheckRow, CheckStep } from "./check-report.js";
export { checkExitCodes, checkSteps } from "./check-report.js";
export { formatCheckReport } from "./format-check-report.js";
export { type CheckOptions, defaultProbeQueries, runCheck } from "./run-check.js";
