import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

/** One stored version of a promotion (e.g. `SHOP_FOOTER`) of one shop. */
export interface PromotionVersion {
  /** 1, 2, 3 … per shop and promotion, in the order stored. */
  version: number;
  /** Shop code as the `site` header carries it (`CH_FR`). */
  site: string;
  name: string;
  contentJSON: string;
  /** ISO instant (UTC) from which the version applies. */
  validFrom: string;
  /** The A/B test group the version is meant for (staff previews only); absent: shoppers' version. */
  abTarget?: ForcedGroup;
  storedAt: string;
  storedBy: string;
}
