import type { ClientDirective } from 'astro';
import { ISLAND_HYDRATED_EVENT } from './islandHydratedEvent.ts';
import { preloadIslandModules } from './islandModules.ts';
import { watchIntent } from './islandIntent.ts';
import { interactionEvents } from '../interactionEvents.ts';

/**
 * How long a submit held before hydration waits for the island before the browser posts the form itself
 * (docs/newsletter.md#three-paths): long enough for a slow phone to hydrate, short enough that nobody gives up.
 */
export const HYDRATION_FALLBACK_MS = 4000;

/**
 * The event Astro's island dispatches when its code fails to load (after one retry, a second later) or to run; Astro
 * then resolves the directive's `load` with a hydration that does nothing, so the failure reaches us only this way.
 */
export const ASTRO_HYDRATION_ERROR_EVENT = 'astro:hydration-error';

/**
 * `client:interaction`: the island's server HTML is a working page until somebody interacts with it; the first
 * pointerdown, focusin, keydown or touchstart inside it loads and hydrates the component. This script runs before
 * the first interaction (docs/performance.md#before-the-first-interaction), so it stays small and framework-free.
 *
 * The island's code arrives in one round trip: on the first sign of intent (a pointer over the island, a finger on
 * it, its e-mail field scrolled into view) or at the latest on the interaction, every module file it needs is
 * preloaded at once (src/lib/hydration/islandModules.ts, docs/performance.md#after-the-first-interaction).
 *
 * Nothing is lost on the way:
 * - Typing goes into the server-rendered fields, which are real inputs; the island adopts their live values when it
 *   hydrates (src/lib/hydration/useAdoptLiveValues.ts).
 * - A form submitted before the component runs (a click on its button, Enter in a field) is held and submitted
 *   again, with the same submit button, once React has committed the hydration (the island says so with
 *   ISLAND_HYDRATED_EVENT from useAdoptLiveValues, which every island using this directive calls).
 * - When the island's code fails to load (Astro says so with ASTRO_HYDRATION_ERROR_EVENT), or a held submit has waited HYDRATION_FALLBACK_MS without the island
 *   hydrating, the submit goes out as the browser's own form post (the forms work without JavaScript:
 *   docs/newsletter.md#plain-form), and submits are no longer held. Exactly one of the two sends it, never both.
 * - Focus that arrived before this script ran (it runs once the page is parsed) counts as the first interaction.
 * - Focus and native behaviour (links, disclosures, selects) are never intercepted.
 */
const interactionDirective: ClientDirective = (load, _options, island) => {
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = { form: event.target as HTMLFormElement, submitter: event.submitter };
    fallbackTimer ??= setTimeout(postNatively, HYDRATION_FALLBACK_MS);
    start();
  };
  island.addEventListener('submit', holdSubmit, true);

  /** Stops holding submits, and sends the one held (if any) with the given submit function, once. */
  function release(send: (form: HTMLFormElement, submitter: HTMLButtonElement | null) => void) {
    clearTimeout(fallbackTimer);
    island.removeEventListener('submit', holdSubmit, true);
    const held = heldSubmit;
    heldSubmit = undefined;
    if (!held || !held.form.isConnected) return;
    const { form, submitter } = held;
    send(form, submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
  }
  // The island is not coming (in time): the browser posts the form itself, the island's handlers not being there.
  function postNatively() {
    release((form, submitter) => form.requestSubmit(submitter));
  }

  const stopWatchingIntent = watchIntent(island, () => preloadIslandModules(island));
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of interactionEvents) island.removeEventListener(type, start, true);
    stopWatchingIntent();
    preloadIslandModules(island);
    void hydrateIsland();
  }

  async function hydrateIsland() {
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      // The island's code did not load (a failed request, a blocker): the forms work as plain forms from now on.
      postNatively();
    }
  }
  // How Astro reports the same failure: its own retry failed too, and the hydration it hands back does nothing.
  island.addEventListener(ASTRO_HYDRATION_ERROR_EVENT, postNatively, { once: true });

  island.addEventListener(
    ISLAND_HYDRATED_EVENT,
    () => {
      clearTimeout(fallbackTimer);
      // After the commit has finished, so React has applied the adopted values before it handles the submit.
      setTimeout(() => release((form, submitter) => form.requestSubmit(submitter)));
    },
    { once: true },
  );

  for (const type of interactionEvents) island.addEventListener(type, start, { capture: true, passive: true });
  if (island.contains(document.activeElement)) start();
};

export default interactionDirective;
