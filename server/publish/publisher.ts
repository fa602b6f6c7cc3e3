import { recordBuild } from '../metrics/serviceMetrics.ts';
import { shopByCode, shopBySegment, shops } from '../../src/shared/countries.ts';
import type { AbVariant, MissingSite, Release } from '../../src/shared/publish/releases.ts';
import type { BuildError, PublishStatus } from '../../src/shared/publish/schemas.ts';
import type { ContentSchedule } from './contentSchedule.ts';
import { periodicTask } from '../scheduler/periodicTask.ts';
import { publishStatus } from './publishStatus.ts';
import { variantsKey } from '../abtests/wantedVariants.ts';
import { noVariants, type VariantPlan } from './variantPlan.ts';

/**
 * The publisher: rebuilds shops when their content becomes effective, on request, and at start, one build at a time.
 * See docs/calls.md#publisher.
 */

/**
 * The schedule is looked at again at least this often, with or without a version ahead: a version another instance
 * stored (and then died before building it) goes live within this time (docs/operations.md#several-instances).
 */
export const MAX_TIMER_MS = 60 * 1000;

export interface BuildRequest {
  /** Segments of the shops to rebuild, in the country table's order. */
  shops: string[];
  /** The promotion version each shop is built from, when there is one. */
  contentVersions: Record<string, number>;
  /** The A/B variants to build beside these shops' pages (docs/footer.md#ab-tests-and-consent). */
  variants: AbVariant[];
  /** Where the build reads content: this server. */
  origin: string;
  signal: AbortSignal;
  /** The holder of the release lease taken for this build, which the build's process then does not wait for. */
  leaseHolder?: string;
}

export type BuildOutcome = { ok: true } | { ok: false; message: string; log?: string };
export type BuildRunner = (request: BuildRequest) => Promise<BuildOutcome>;

export interface PublisherOptions {
  schedule: ContentSchedule;
  build: BuildRunner;
  /** The release served now, read afresh each time (a rollback may switch it). */
  liveRelease: () => Release | undefined;
  /**
   * At start, rebuild the shops whose live pages were built from another version than the one valid now, and every
   * shop when the site serves no release. Without it (`npm start`, the e2e harness build right after starting), a
   * site never built is left to them, and only a link pointing nowhere (or a site that served once) is repaired.
   */
  catchUpAtStart: boolean;
  /** Why the site serves no release now, or undefined when it serves one (read afresh each time). */
  missingSite?: () => MissingSite | undefined;
  /** The A/B tests whose group versions are built as variants; none without it. */
  variants?: VariantPlan;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface Publisher {
  /** Starts listening to the schedule; builds read content from `origin`. */
  start(origin: string): void;
  /** Queues shops (segments); returns the shops now waiting for a build. */
  request(segments: readonly string[]): string[];
  status(): PublishStatus;
  /**
   * The site serves no release (the health call or a page found none): builds every shop, unless a build runs or
   * waits already, or a repair failed less than `REPAIR_RETRY_MS` ago. True while a build that may repair it is under way.
   */
  repair(reason: string): boolean;
  /** Resolves once no build runs and none waits. */
  idle(): Promise<void>;
  /** The A/B calendar changed (a test created or ended): look at once which shops' variants are behind. */
  abTestsChanged(): Promise<void>;
  /**
   * Stops the timer and kills any running build (its whole process group), so nothing switches the site after this
   * server is gone; resolves once the build has ended. Shops waiting for a build are dropped (the start check of the
   * next server rebuilds what is behind).
   */
  stop(): Promise<void>;
}

/** After a build that left the site without a release, the next repair waits this long (docs/constants.md#timings). */
export const REPAIR_RETRY_MS = 30_000;

const order = shops.map((shop) => shop.segment);

export function createPublisher(options: PublisherOptions): Publisher {
  const {
    schedule,
    build,
    liveRelease,
    catchUpAtStart,
    missingSite = () => undefined,
    variants = noVariants,
  } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(`[publish] ${line}`));
  const pending = new Set<string>();
  const lastErrors = new Map<string, BuildError>();
  const idleWaiters: (() => void)[] = [];
  let running:
    | {
        versions: Map<string, number | undefined>;
        variantKeys: Map<string, string>;
        controller: AbortController;
        ended?: Promise<unknown>;
      }
    | undefined;
  let origin: string | undefined;
  let unsubscribe: (() => void) | undefined;
  let kickQueued = false;
  // Versions that became valid up to this instant have been looked at (see onTimer).
  let checkedUpTo = now();
  // Whether the site has been seen serving a release, and when a build last left it serving none.
  let siteSeen = false;
  let repairFailedAt = Number.NEGATIVE_INFINITY;

  const liveVersion = (segment: string) => schedule.liveAt(shopCode(segment), 'SHOP_FOOTER', now())?.version;

  function settleIdle() {
    if (running || pending.size > 0 || kickQueued) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function request(segments: readonly string[]): string[] {
    for (const segment of segments) pending.add(segment);
    // Requests of the same moment (a catch-up over every shop) go into one build.
    if (!kickQueued && segments.length > 0) {
      kickQueued = true;
      queueMicrotask(() => {
        kickQueued = false;
        void runNext();
      });
    }
    return order.filter((segment) => pending.has(segment));
  }

  async function runNext(): Promise<void> {
    if (running || origin === undefined || pending.size === 0) return settleIdle();
    const segments = order.filter((segment) => pending.has(segment));
    pending.clear();
    // An error belongs to the build that failed: a new build of the shop makes it history (and a poller waiting for
    // this build never reads the last one's failure as its own).
    for (const segment of segments) lastErrors.delete(segment);
    const versions = new Map(segments.map((segment) => [segment, liveVersion(segment)]));
    const at = now();
    const wanted = segments.flatMap((segment) => variants.wanted(segment, at));
    const variantKeys = new Map(
      segments.map((segment) => [segment, variantsKey(wanted.filter((variant) => variant.segment === segment))]),
    );
    running = { versions, variantKeys, controller: new AbortController() };
    const contentVersions = Object.fromEntries(
      [...versions].filter((entry): entry is [string, number] => entry[1] !== undefined),
    );
    const started = Date.now();
    log(`building ${segments.join(', ')}`);
    let outcome: BuildOutcome;
    try {
      const building = build({
        shops: segments,
        contentVersions,
        variants: wanted,
        origin,
        signal: running.controller.signal,
      });
      running.ended = building.catch(() => {});
      outcome = await building;
    } catch (error) {
      outcome = { ok: false, message: (error as Error).message };
    }
    recordBuild(segments, outcome.ok, Date.now() - started);
    if (outcome.ok) {
      log(`live: ${segments.join(', ')} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      const error = { at: now().toISOString(), message: outcome.message, ...(outcome.log ? { log: outcome.log } : {}) };
      for (const segment of segments) lastErrors.set(segment, error);
      log(
        `build of ${segments.join(', ')} failed, the live release is unchanged: ${outcome.message}${outcome.log ? ` (log: ${outcome.log})` : ''}`,
      );
    }
    running = undefined;
    if (missingSite() === undefined) siteSeen = true;
    else repairFailedAt = now().getTime();
    arm();
    await runNext();
  }

  function repair(reason: string): boolean {
    if (origin === undefined) return false;
    const missing = missingSite();
    if (missing === undefined) {
      siteSeen = true;
      return false;
    }
    if (running || pending.size > 0 || kickQueued) return true;
    // Without the start check, a site never built is its starter's to build; a link pointing nowhere was built once.
    const ours = catchUpAtStart || siteSeen || missing.kind === 'points-nowhere';
    if (!ours || now().getTime() - repairFailedAt < REPAIR_RETRY_MS) return false;
    log(`the site serves no release (${reason}): building every shop`);
    request(order);
    return true;
  }

  /** Shops whose live pages are not from `version`, and no build of it is running or waiting. */
  function behind(segment: string, version: number | undefined, live: Release | undefined): boolean {
    if (pending.has(segment) || (running?.versions.has(segment) && running.versions.get(segment) === version))
      return false;
    return (live?.shops[segment]?.contentVersion ?? undefined) !== version;
  }

  /**
   * Shops whose A/B variants changed since the last round (a test started or ended, a group's version came due) and
   * whose live variants differ, with no build of them running or waiting. Without a live release: looked at again
   * once there is one.
   */
  function variantsBehind(segment: string, live: Release | undefined, at: Date): boolean {
    const wanted = live && variants.changed(segment, at, live, catchUpAtStart);
    return wanted !== undefined && !pending.has(segment) && running?.variantKeys.get(segment) !== wanted;
  }

  // A version scheduled earlier came due: rebuild the shops whose version became valid since the last look, and those
  // whose A/B variants changed (the calendar is read again first).
  async function onTimer() {
    await variants.refresh();
    const at = now();
    const live = liveRelease();
    const due = order.filter((segment) => {
      const version = schedule.liveAt(shopCode(segment), 'SHOP_FOOTER', at);
      if (!version) return false;
      const validFrom = Date.parse(version.validFrom);
      return validFrom > checkedUpTo.getTime() && validFrom <= at.getTime() && behind(segment, version.version, live);
    });
    checkedUpTo = at;
    if (due.length > 0) log(`scheduled content due: ${due.join(', ')}`);
    const variantsDue = order.filter((segment) => variantsBehind(segment, live, at) && !due.includes(segment));
    if (variantsDue.length > 0) log(`A/B variants due: ${variantsDue.join(', ')}`);
    request([...due, ...variantsDue]);
  }

  /** Until the next scheduled version of any shop comes due, or an A/B test starts or ends; at most MAX_TIMER_MS. */
  function untilNextScheduled(): number {
    const at = now();
    const next = Math.min(
      ...shops
        .map((shop) => Date.parse(schedule.nextScheduled(shop.code, 'SHOP_FOOTER', at)?.validFrom ?? 'invalid'))
        .filter(Number.isFinite),
      variants.nextChange(at) ?? Number.POSITIVE_INFINITY,
    );
    return Number.isFinite(next) ? Math.min(Math.max(0, next - at.getTime()), MAX_TIMER_MS) : MAX_TIMER_MS;
  }

  // The schedule's timer, a periodic task (docs/architecture.md#background-work): it wakes when the next version comes due.
  const scheduled = periodicTask({
    name: 'The schedule of footer versions',
    intervalMs: MAX_TIMER_MS,
    atStart: false,
    nextWaitMs: untilNextScheduled,
    round: onTimer,
    log: { log, error: log },
  });
  const arm = () => scheduled.reschedule();

  function catchUp() {
    const live = liveRelease();
    const missing = missingSite();
    if (missing) return void repair(`at start: ${missing.message}`);
    if (!live) return; // A served folder that is not a release (an old plain dist/): the next build adopts it.
    const stale = order.filter((segment) => behind(segment, liveVersion(segment), live));
    // The A/B variants are compared at the first round, once the calendar has been read.
    if (stale.length > 0) log(`at start, the live release is behind the content of ${stale.join(', ')}`);
    request(stale);
  }

  return {
    start(serverOrigin) {
      origin = serverOrigin;
      checkedUpTo = now();
      unsubscribe = schedule.onStored((version) => {
        const shop = shopByCode(version.site);
        // Only a version shoppers get now: not one scheduled ahead (the timer's), nor one for an A/B group, nor one
        // back-dated behind the version that is live; and not one whose pages another instance has built already
        // (a version stored through it, found by this instance's refresh).
        if (
          shop &&
          schedule.liveAt(version.site, 'SHOP_FOOTER', now())?.version === version.version &&
          behind(shop.segment, version.version, liveRelease())
        )
          request([shop.segment]);
        // A version for an A/B group: the next round builds it if its test runs now.
        if (version.abTarget) void scheduled.runOnce();
        arm();
      });
      if (catchUpAtStart) catchUp();
      scheduled.start();
      // The first look at the A/B calendar, at once rather than one interval after the start.
      void scheduled.runOnce();
      void runNext();
    },
    request,
    repair,
    status() {
      return publishStatus({
        live: liveRelease(),
        at: now(),
        schedule,
        lastErrors,
        building: (segment) => running?.versions.has(segment) ?? false,
        queue: order.filter((segment) => pending.has(segment)),
      });
    },
    abTestsChanged() {
      return scheduled.runOnce();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    async stop() {
      const timerStopped = scheduled.stop();
      unsubscribe?.();
      origin = undefined;
      pending.clear();
      running?.controller.abort();
      await running?.ended;
      await timerStopped;
    },
  };
}

function shopCode(segment: string): string {
  return shopBySegment(segment)?.code ?? segment;
}
