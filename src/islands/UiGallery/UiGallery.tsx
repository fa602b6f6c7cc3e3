import { ActionsSection } from './ActionsSection.tsx';
import { ContentSection } from './ContentSection.tsx';
import { FeedbackSection } from './FeedbackSection.tsx';
import { FormSection } from './FormSection.tsx';
import type { GallerySectionProps } from './galleryStrings.ts';
import './UiGallery.css';

export type UiGalleryProps = GallerySectionProps;

/**
 * The living gallery: every UI block in every variant and state, in one locale. It is the visual reference and
 * the target of `tests/ui-gallery.spec.ts`. Hydrated at load so every specimen can be tried.
 */
export function UiGallery(props: UiGalleryProps) {
  return (
    <div className="ui-gallery">
      <ActionsSection {...props} />
      <FeedbackSection {...props} />
      <FormSection {...props} />
      <ContentSection {...props} />
    </div>
  );
}
