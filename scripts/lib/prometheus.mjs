// Prometheus for the tests (docs/commands.md#prometheus): Debian's `prometheus` package brings the server and
// `promtool`; `npm run setup:browser` installs it where it is missing and we may (root with apt), as it installs
// PostgreSQL. Where it cannot be installed, the tests that need it say so and are skipped.
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian puts the binaries, and where one installed by hand usually is. */
const FOLDERS = ['/usr/bin', '/usr/local/bin'];

/** The path of a Prometheus binary (`prometheus` or `promtool`), or undefined. */
function findBinary(name) {
  return FOLDERS.map((folder) => path.join(folder, name)).find((file) => fs.existsSync(file));
}

/** `promtool`, which checks rules and metrics, or undefined. */
export function findPromtool() {
  return findBinary('promtool');
}

/** The Prometheus server, or undefined. */
export function findPrometheus() {
  return findBinary('prometheus');
}

/** Why the Prometheus tests cannot run here, in one sentence, or undefined when both binaries are there. */
export function prometheusMissing() {
  if (findPromtool() && findPrometheus()) return undefined;
  return 'Prometheus is not installed: its tests are skipped (Debian/Ubuntu: `sudo apt-get install prometheus`, or `npm run setup:browser` as root)';
}
