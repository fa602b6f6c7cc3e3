import type { Browser } from '@playwright/test';

export interface TransferFigures {
  htmlGz: number;
  cssGz: number;
  jsGzInitial: number;
  jsGzScrolled: number;
  requests: number;
  thirdParty: number;
  scripts: string[];
}

export function measureTransfer(browser: Browser, url: string, formFactor: 'mobile' | 'desktop'): Promise<TransferFigures>;
