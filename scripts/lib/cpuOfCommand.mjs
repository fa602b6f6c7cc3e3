// Runs one command and then writes the CPU time it and its children used to a file: `npm test` runs the build tests
// so, beside its other layers, and counts their CPU apart (docs/commands.md#test-layers).
//
//   node scripts/lib/cpuOfCommand.mjs <report.json> <command> [args...]
//
// The command's output and exit code are its own; the report is `{ "cpuSeconds": N }`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { cpuSecondsSoFar } from './childCpu.mjs';

const [report, command, ...args] = process.argv.slice(2);
if (!report || !command) {
  console.error('usage: node scripts/lib/cpuOfCommand.mjs <report.json> <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit' });
child.once('error', (error) => {
  console.error(`${command} could not start: ${error.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  fs.writeFileSync(report, JSON.stringify({ cpuSeconds: cpuSecondsSoFar() }));
  process.exit(code ?? (signal ? 1 : 0));
});
