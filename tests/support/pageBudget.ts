// Budgets, counted on the production build: bytes and requests, never times (those are in `npm run bench`).
// See docs/performance.md#budgets; tests/budgets.spec.ts enforces them.
const KB = 1024;

/** Bytes a shop page may load, gzip or on the wire (docs/performance.md#budgets). */
export const pageBudgetBytes = {
  /** The whole HTML in the first round trip (about 14 KB). */
  html: 14 * KB,
  /** All CSS a page loads. */
  css: 10 * KB,
  /**
   * JS of one island beyond the shared React renderer. Measured 20.2 KB for the preferences island (loaded at once),
   * of which 0.3 KB is the subscriber declaration the sign-up and preferences checks derive from
   * (docs/newsletter.md#stored-fields).
   */
  island: 21 * KB,
  /** The shared React 19 renderer and runtime (measured 69 KB: React itself is most of any page's JS). */
  renderer: 72 * KB,
  /** JavaScript on the wire before the first interaction, response headers included (CDP `encodedDataLength`). */
  scriptWireBeforeInteraction: 10 * KB,
};

/** Scripts a page may request before the first interaction: its one script, nothing else. */
export const SCRIPT_REQUESTS_BEFORE_INTERACTION = 1;
