import type { Page } from '@playwright/test';

export interface WireResponse {
  url: string;
  mimeType: string;
  bytes: number;
  finished: boolean;
}

export interface WireRecorder {
  responses(): WireResponse[];
  quiet(): Promise<void>;
}

export interface WireFigures {
  requests: number;
  bytes: number;
  scriptRequests: number;
  scriptBytes: number;
  scripts: string[];
}

export function recordWire(page: Page): Promise<WireRecorder>;
export function loadWithoutInteraction(page: Page, url: string, wire: WireRecorder): Promise<void>;
export function wireFigures(responses: WireResponse[]): WireFigures;
