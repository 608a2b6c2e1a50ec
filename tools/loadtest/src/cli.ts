import { writeFileSync } from 'node:fs';
import { USAGE, parseLoadArgs } from './args.js';
import { formatReport, reportPassed } from './report.js';
import { runLoad } from './run.js';

/* `pnpm loadtest -- ...`: runs the load, prints the report; LOADTEST_JSON=path also writes it as JSON. Exit 1 when it did not pass. */

let options;
try {
  options = parseLoadArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const report = await runLoad(options);
console.log(formatReport(report));
if (process.env.LOADTEST_JSON) writeFileSync(process.env.LOADTEST_JSON, JSON.stringify(report, null, 2));
process.exit(reportPassed(report) ? 0 : 1);
