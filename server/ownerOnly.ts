import fs from 'node:fs';

/** Mode of files the services keep (the database, its WAL, mails): read and written by their owner only. */
export const OWNER_ONLY_FILE_MODE = 0o600;
/** Mode of folders the services keep their data in. */
export const OWNER_ONLY_FOLDER_MODE = 0o700;

/** What already warned, so a folder opened for every mail warns once. */
const warned = new Set<string>();

/**
 * Makes an existing file or folder owner-only (docs/security.md#data-at-rest): one that others could read or write is
 * narrowed, with one warning naming it and its old mode. Missing paths are left alone; a path the process cannot
 * change (not its own) is reported, not fatal.
 */
export function keepOwnerOnly(target: string, mode: number, log: Pick<Console, 'warn'> = console): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if ((stat.mode & 0o077) === 0) return;
  try {
    fs.chmodSync(target, mode);
  } catch (error) {
    if (!warned.has(target))
      log.warn(`${target} is readable by other users and cannot be narrowed: ${(error as Error).message}`);
    warned.add(target);
    return;
  }
  if (!warned.has(target)) {
    log.warn(
      `${target} was readable by other users (mode ${(stat.mode & 0o777).toString(8)}); now ${mode.toString(8)}.`,
    );
    warned.add(target);
  }
}

/** Creates a folder (and its parents) owner-only, or narrows it when it exists with wider modes. */
export function ownerOnlyFolder(dir: string, log?: Pick<Console, 'warn'>): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER_MODE });
  keepOwnerOnly(dir, OWNER_ONLY_FOLDER_MODE, log);
}
