import type { PromotionVersion } from './promotionVersion.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

/** What selection looks at: the store passes versions without their content and loads only the winner's. */
type Candidate = Pick<PromotionVersion, 'version' | 'validFrom' | 'abTarget'>;

/**
 * Which of a promotion's versions applies at an instant. Pure, over one shop's versions of one promotion.
 * A version applies from its `validFrom` on until a later one takes over; of two with the same `validFrom` the one
 * stored later (higher number) wins, so re-publishing a correction for the same instant replaces the first.
 */
const effectiveAt = (at: Date) => (version: Candidate) => Date.parse(version.validFrom) <= at.getTime();

/** Latest first: by `validFrom`, then by version number. */
function latest(a: Candidate, b: Candidate): number {
  return Date.parse(b.validFrom) - Date.parse(a.validFrom) || b.version - a.version;
}

const sameTarget = (target: ForcedGroup) => (version: Candidate) =>
  version.abTarget?.test === target.test && version.abTarget.group === target.group;

/** What shoppers get: the latest effective version without an A/B target. */
export function selectLive<V extends Candidate>(versions: readonly V[], at: Date): V | undefined {
  return versions.filter((version) => !version.abTarget && effectiveAt(at)(version)).sort(latest)[0];
}

/** What staff previewing `target` get: the latest effective version for exactly that group, else the shoppers' one. */
export function selectPreview<V extends Candidate>(
  versions: readonly V[],
  at: Date,
  target?: ForcedGroup,
): V | undefined {
  const targeted = target
    ? versions.filter((version) => sameTarget(target)(version) && effectiveAt(at)(version)).sort(latest)[0]
    : undefined;
  return targeted ?? selectLive(versions, at);
}

/** The next untargeted version to take effect strictly after `after` (the earliest; of equal instants the one that will win). */
export function selectNextScheduled<V extends Candidate>(versions: readonly V[], after: Date): V | undefined {
  const upcoming = versions.filter((version) => !version.abTarget && Date.parse(version.validFrom) > after.getTime());
  return upcoming.sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom) || b.version - a.version)[0];
}
