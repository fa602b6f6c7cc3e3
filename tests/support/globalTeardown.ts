import fs from 'node:fs';

/** Removes the throwaway database and outbox the configuration made for this run. */
export default function globalTeardown(): void {
  if (process.env.DATA_DIR) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
