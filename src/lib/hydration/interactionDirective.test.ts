// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import interactionDirective, { ASTRO_HYDRATION_ERROR_EVENT, HYDRATION_FALLBACK_MS } from './interactionDirective.ts';
import { ISLAND_HYDRATED_EVENT } from './islandHydratedEvent.ts';

// What the directive promises a held submit (docs/newsletter.md#three-paths): replayed once after hydration, or posted
// by the browser once when the island's code fails or takes too long; never both, never twice.

/** An island with a form, the directive installed on it, and a count of the submits that were let through. */
function setUp(load: () => Promise<() => Promise<void>>) {
  document.body.innerHTML =
    '<div class="page"><astro-island><form method="post" action="/de/newsletter/sign-up/"><input name="newsletterEmail"><button type="submit">Go</button></form></astro-island></div>';
  const page = document.querySelector<HTMLElement>('.page')!;
  const island = page.querySelector<HTMLElement>('astro-island')!;
  const form = island.querySelector('form')!;
  const button = form.querySelector('button')!;
  const passed: (HTMLElement | null)[] = [];
  // Bubbling, outside the island: sees only the submits the directive let through; keeps the page here.
  page.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) passed.push((event as SubmitEvent).submitter);
    event.preventDefault();
  });
  interactionDirective(load, { name: 'interaction', value: '' }, island);
  return { island, form, button, passed };
}

/** A flush of pending promise callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a submit held before the island hydrates', () => {
  test("is posted by the browser at once, with its button, when the island's code fails to load", async () => {
    const { form, button, passed } = setUp(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    form.requestSubmit(button);
    expect(passed).toEqual([]);
    await settle();
    expect(passed).toEqual([button]);
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS * 2);
    expect(passed).toHaveLength(1);
  });

  test("is posted by the browser at once when Astro reports the island's code failed, as Astro 7 does", async () => {
    // Astro's island catches the failed import itself, retries once, dispatches its error event and hands back a
    // hydration that does nothing: `load` resolves, it never rejects.
    const { form, button, passed } = setUp(async () => {
      await Promise.resolve();
      document
        .querySelector('astro-island')!
        .dispatchEvent(new CustomEvent(ASTRO_HYDRATION_ERROR_EVENT, { bubbles: true, cancelable: true }));
      return async () => {};
    });
    form.requestSubmit(button);
    expect(passed).toEqual([]);
    await settle();
    expect(passed).toEqual([button]);
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS * 2);
    expect(passed).toHaveLength(1);
  });

  test(`is posted by the browser once after ${HYDRATION_FALLBACK_MS} ms when the code never arrives, and not again on a late hydration`, async () => {
    const { island, form, button, passed } = setUp(() => new Promise(() => {}));
    form.requestSubmit(button);
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS - 1);
    expect(passed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toEqual([button]);
    island.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT, { bubbles: true }));
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS);
    expect(passed).toHaveLength(1);
  });

  test('is replayed once after a hydration in time, and the fallback does not send it again', async () => {
    const { island, form, button, passed } = setUp(() => Promise.resolve(async () => {}));
    form.requestSubmit(button);
    await settle();
    expect(passed).toEqual([]);
    island.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT, { bubbles: true }));
    await settle();
    expect(passed).toEqual([button]);
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS * 2);
    expect(passed).toHaveLength(1);
  });

  test('a second submit while one is held replaces it: still one submission', async () => {
    const { form, button, passed } = setUp(() => new Promise(() => {}));
    form.requestSubmit(button);
    form.requestSubmit(button);
    await vi.advanceTimersByTimeAsync(HYDRATION_FALLBACK_MS);
    expect(passed).toEqual([button]);
  });
});

test("after the island's code failed, a submit is not held at all", async () => {
  const { island, form, button, passed } = setUp(() => Promise.reject(new Error('blocked')));
  island.dispatchEvent(new Event('focusin', { bubbles: true }));
  await settle();
  form.requestSubmit(button);
  expect(passed).toEqual([button]);
});
