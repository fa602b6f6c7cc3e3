import type { Browser, BrowserContextOptions } from '@playwright/test';
import type { WireFigures } from './wireBytes.mjs';

export interface TransferFigures {
  htmlGz: number;
  cssGz: number;
  jsGzInitial: number;
  jsGzScrolled: number;
  requests: number;
  wireScriptBytes: number;
  scriptRequests: number;
  wireRequests: number;
  wireBytes: number;
  thirdParty: number;
  scripts: string[];
}

export function contextOptions(formFactor: 'mobile' | 'desktop'): BrowserContextOptions;
export function measureBeforeInteraction(
  browser: Browser,
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<WireFigures>;
export function measureTransfer(
  browser: Browser,
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<TransferFigures>;
