import type { ClientDirective } from 'astro';
import { ISLAND_HYDRATED_EVENT } from './islandHydratedEvent.ts';
import { preloadIslandModules } from './islandModules.ts';
import { watchIntent } from './islandIntent.ts';
import { interactionEvents } from '../interactionEvents.ts';

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
 *   ISLAND_HYDRATED_EVENT from useAdoptLiveValues, which every island using this directive calls). So the server HTML
 *   may enable a submit button that it disables only for browsers without JavaScript: this script is the JavaScript
 *   that guards it.
 * - Focus that arrived before this script ran (it runs once the page is parsed) counts as the first interaction.
 * - Focus and native behaviour (links, disclosures, selects) are never intercepted.
 */
const interactionDirective: ClientDirective = (load, _options, island) => {
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmit = { form: event.target as HTMLFormElement, submitter: event.submitter };
    start();
  };
  island.addEventListener('submit', holdSubmit, true);
  for (const button of island.querySelectorAll<HTMLButtonElement>('form button[type="submit"][disabled]')) button.disabled = false;

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
    const hydrate = await load();
    await hydrate();
  }

  island.addEventListener(ISLAND_HYDRATED_EVENT, () => {
    // After the commit has finished, so React has applied the adopted values before it handles the submit.
    setTimeout(() => {
      island.removeEventListener('submit', holdSubmit, true);
      if (!heldSubmit) return;
      const { form, submitter } = heldSubmit;
      if (form.isConnected) form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
    });
  }, { once: true });

  for (const type of interactionEvents) island.addEventListener(type, start, { capture: true, passive: true });
  if (island.contains(document.activeElement)) start();
};

export default interactionDirective;
