// The configuration of an operator's command (`npm run subscriber`, `mail:status`, `abtest`, …): read as the services
// read it; a setting in error is one line on stderr and exit 1, without a stack trace (docs/errors.md).
import { ConfigError, readConfig } from '../../src/shared/config.ts';
import { root } from './services.mjs';

/**
 * The services' configuration, or the process ends with the setting's error on one line (exit 1).
 * @returns {import('../../src/shared/config.ts').ServerConfig}
 */
export function readCommandConfig() {
  try {
    return readConfig(undefined, root);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
