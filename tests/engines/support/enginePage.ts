import { readToolConfig } from '../../../src/shared/config.ts';

/** The engines the cross-engine suite drives besides Chromium (docs/commands.md#cross-engine-suite). */
export type EngineName = 'firefox' | 'webkit';

/** A key the flows press. */
export type Key = 'Escape' | 'Tab' | 'Enter';

/**
 * One browser tab, as the flows use it: real pointer clicks and key presses through the engine's WebDriver, scripts
 * run in the page for what a test reads. Selectors are CSS.
 */
export interface EnginePage {
  /** Opens an absolute URL and waits for its load. */
  open(url: string): Promise<void>;
  /** Sets the size of the page's viewport (the window's inner size). */
  resize(width: number, height: number): Promise<void>;
  /** Moves the pointer onto the element's centre (scrolling it into view) and clicks. */
  click(selector: string): Promise<void>;
  /** Types `text` as key presses into whatever has focus. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON values) and returns its (awaited) result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  close(): Promise<void>;
}

/** A running browser of one engine. */
export interface Engine {
  name: EngineName;
  /** A tab with no cookies and no storage of an earlier test, `blankUrl` open in it. */
  newPage(blankUrl: string): Promise<EnginePage>;
  close(): Promise<void>;
}

/** The engine cannot run here: it says what is missing and how to get it. */
export function missingTool(what: string, debianPackage: string): Error {
  return new Error(
    `${what} was not found. Run \`npm run setup:browser\` (Debian, as root) or install \`${debianPackage}\`.`,
  );
}

/** The cross-engine suite opens real windows: without a display it says how to get one. */
export function requireDisplay(): void {
  if (!readToolConfig().DISPLAY)
    throw new Error('The cross-engine suite needs a display: run it under `xvfb-run -a` (`npm test` does).');
}
