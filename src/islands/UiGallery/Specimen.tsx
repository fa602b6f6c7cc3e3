import type { ReactNode } from 'react';

export interface SpecimenProps {
  /** The props that make this specimen, shown as code (e.g. `variant="text"`). */
  caption: string;
  children: ReactNode;
  /** Lay out wide content (forms, panels) on the full row. */
  wide?: boolean;
}

/** One example in the gallery: the rendered block and the props that produce it. */
export function Specimen({ caption, children, wide }: SpecimenProps) {
  return (
    <figure className={['ui-gallery__specimen', wide ? 'ui-gallery__specimen--wide' : null].filter(Boolean).join(' ')}>
      <div className="ui-gallery__stage">{children}</div>
      <figcaption className="ui-gallery__caption">
        <code translate="no">{caption}</code>
      </figcaption>
    </figure>
  );
}

export interface GallerySectionProps {
  /** Component name; a code identifier, so it is not translated. */
  name: string;
  children: ReactNode;
}

/** One component's section: heading with its name, then its specimens. */
export function GallerySection({ name, children }: GallerySectionProps) {
  const id = `ui-${name.toLowerCase()}`;
  return (
    <section className="ui-gallery__section" aria-labelledby={id}>
      <h2 id={id} className="ui-gallery__heading" translate="no">
        {name}
      </h2>
      <div className="ui-gallery__grid">{children}</div>
    </section>
  );
}
