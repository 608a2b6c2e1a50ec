/* For fault-test runners: a load run as a function returning its report. */
export { runLoad, type LoadReport } from './run.js';
export { parseLoadArgs, LOAD_DEFAULTS, type LoadOptions } from './args.js';
export { formatReport, reportPassed } from './report.js';
export { checkExactlyOnce, type ExactlyOnceResult } from './exactly-once.js';
