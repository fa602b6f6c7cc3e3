/**
 * What the publisher needs from the promotion service's content versions. The version store implements it; tests pass
 * a fake. See docs/calls.md#publisher.
 */

/** One stored version of a promotion for one shop (only the fields the publisher reads). */
export interface PromotionVersion {
  version: number;
  /** Shop code, e.g. `CH_FR` (`shopByCode`). */
  site: string;
  /** ISO instant from which the version is the one shoppers get. */
  validFrom: string;
}

export interface ContentSchedule {
  /** The version shoppers get at `at`, if any. */
  liveAt(site: string, name: 'SHOP_FOOTER', at: Date): PromotionVersion | undefined;
  /** The first version that becomes valid after `after`, if any. */
  nextScheduled(site: string, name: 'SHOP_FOOTER', after: Date): PromotionVersion | undefined;
  /** Called after every stored version; returns the unsubscribe function. */
  onStored(listener: (version: PromotionVersion) => void): () => void;
}

/**
 * A promotion service without versions: nothing is ever scheduled or stored, so the publisher builds only on the
 * rebuild call. Stands in until the server is wired to the promotion version store.
 */
export const unversionedContent: ContentSchedule = {
  liveAt: () => undefined,
  nextScheduled: () => undefined,
  onStored: () => () => {},
};
