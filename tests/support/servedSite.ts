import path from 'node:path';
import { readConfig } from '../../src/shared/config.ts';

/**
 * The folder of the site under test: the throwaway release playwright.config.ts hands on (so a test run never
 * replaces the site `npm start` serves from this checkout), or `dist/` of an already served one (`BASE_URL`).
 */
export const servedSiteDir = readConfig(undefined, path.resolve(import.meta.dirname, '../..')).distDir;
