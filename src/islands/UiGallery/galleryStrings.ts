import type { UiStringKey } from '../../shared/i18n.ts';
import type { DatePattern } from '../../lib/format/date.ts';
import type { UiStrings } from '../../ui/strings.ts';

/** Every `ui.*` string of the catalogue: the gallery shows them all. */
export type GalleryStringKey = Extract<UiStringKey, `ui.${string}`>;
export type GalleryStrings = UiStrings<GalleryStringKey>;

/** What every gallery section receives from the page. */
export interface GallerySectionProps {
  /** All `ui.*` strings of the page's locale, already translated. */
  strings: GalleryStrings;
  /** The locale's date layout, for the date field. */
  datePattern: DatePattern;
  /** Path of the shop whose strings are shown, e.g. `/de/`: targets of the sample links. */
  shopPath: string;
}
