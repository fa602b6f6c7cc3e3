// The CPU time a process and its finished children used, for `npm test`'s time per layer (docs/commands.md#test-layers).
import fs from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on Linux (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/**
 * Seconds of CPU (user and system) this process and every child it has waited for have used so far, read from
 * /proc/self/stat (its `utime`, `stime`, `cutime` and `cstime`). A child still running counts once it has exited, and
 * daemons (the throwaway PostgreSQL cluster) never. Undefined where there is no /proc.
 * @returns {number | undefined}
 */
export function cpuSecondsSoFar() {
  let stat;
  try {
    stat = fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command name in parentheses, from field 3 (the state) on: utime is field 14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  return ticks / TICKS_PER_SECOND;
}
