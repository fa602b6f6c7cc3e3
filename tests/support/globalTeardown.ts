import fs from 'node:fs';
import { readToolConfig } from '../../src/shared/config.ts';

/** Removes the throwaway database and outbox the configuration made for this run. */
export default function globalTeardown(): void {
  const { DATA_DIR } = readToolConfig();
  if (DATA_DIR) fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
