import fs from 'node:fs';

/** Ids of the processes whose environment names `releasesDir` (a server, the builder and the Astro build it started). */
export function processesOf(releasesDir: string): string[] {
  if (!fs.existsSync('/proc/self/environ')) return [];
  return fs.readdirSync('/proc').filter((pid) => /^\d+$/.test(pid)).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`RELEASES_DIR=${releasesDir}`);
    } catch {
      return false;
    }
  });
}
