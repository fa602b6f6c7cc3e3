// Which processes belong to a release folder: the fault tests and `npm run faults` check that no build outlives the
// server that started it. Linux only (/proc); elsewhere the answer is empty.
import fs from 'node:fs';

/**
 * Ids of the processes whose environment names `releasesDir` (a server, its builder and the Astro build it started).
 * @param {string} releasesDir
 * @returns {string[]}
 */
export function processesOf(releasesDir) {
  if (!fs.existsSync('/proc/self/environ')) return [];
  return fs
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`RELEASES_DIR=${releasesDir}`);
      } catch {
        return false;
      }
    });
}
