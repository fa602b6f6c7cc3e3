import { Banderole } from '../../ui/Banderole/Banderole.tsx';
import { ExpansionPanel } from '../../ui/ExpansionPanel/ExpansionPanel.tsx';
import { Icon } from '../../ui/Icon/Icon.tsx';
import { iconNames } from '../../shared/iconNames.ts';
import { Label } from '../../ui/Label/Label.tsx';
import type { GallerySectionProps } from './galleryStrings.ts';
import { GallerySection, Specimen } from './Specimen.tsx';

/** ExpansionPanel, Icon, Label and Banderole. */
export function ContentSection({ strings: s }: GallerySectionProps) {
  return (
    <>
      <GallerySection name="ExpansionPanel">
        <Specimen caption="collapsedHeight={96}" wide>
          <ExpansionPanel strings={s}>
            <p>{s['ui.gallery.sample.legal']}</p>
          </ExpansionPanel>
        </Specimen>
        <Specimen caption="collapsedHeight={60}" wide>
          <ExpansionPanel collapsedHeight={60} strings={s}>
            <p>{s['ui.gallery.sample.legal']}</p>
          </ExpansionPanel>
        </Specimen>
        <Specimen caption="title headingLevel={3}" wide>
          <div>
            <ExpansionPanel title={s['ui.gallery.sample.payment']}>
              <p>{s['ui.gallery.sample.paymentText']}</p>
            </ExpansionPanel>
            <ExpansionPanel title={s['ui.gallery.sample.delivery']} defaultExpanded>
              <p>{s['ui.gallery.sample.deliveryText']}</p>
            </ExpansionPanel>
          </div>
        </Specimen>
      </GallerySection>

      <GallerySection name="Icon">
        <Specimen caption="size={12} / {16} / {24} / scale={2}">
          <span className="ui-gallery__row">
            <Icon name="truck" size={12} />
            <Icon name="truck" />
            <Icon name="truck" size={24} />
            <Icon name="truck" size={24} scale={2} />
          </span>
        </Specimen>
        <Specimen caption="currentColor={false}">
          <Icon name="loyalty-card" size={24} currentColor={false} />
        </Specimen>
        <Specimen caption="iconNames" wide>
          <ul className="ui-gallery__icons">
            {iconNames.map((name) => (
              <li key={name}>
                <Icon name={name} size={24} />
                <code translate="no">{name}</code>
              </li>
            ))}
          </ul>
        </Specimen>
      </GallerySection>

      <GallerySection name="Label">
        <Specimen caption='icon="truck"'>
          <Label icon="truck">{s['ui.gallery.sample.freeShipping']}</Label>
        </Specimen>
        <Specimen caption='icon="arrow-right" iconPosition="right"'>
          <Label icon="arrow-right" iconPosition="right">
            {s['ui.gallery.sample.learnMore']}
          </Label>
        </Specimen>
        <Specimen caption="(no icon)">
          <Label>{s['ui.gallery.sample.new']}</Label>
        </Specimen>
      </GallerySection>

      <GallerySection name="Banderole">
        <Specimen caption='variant="promotion"'>
          <Banderole text={s['ui.gallery.sample.discount']} icon="percent" />
        </Specimen>
        <Specimen caption='variant="new"'>
          <Banderole variant="new" text={s['ui.gallery.sample.new']} />
        </Specimen>
        <Specimen caption='variant="information"'>
          <Banderole variant="information" text={s['ui.gallery.sample.freeShipping']} icon="truck" />
        </Specimen>
        <Specimen caption='variant="sustainable"'>
          <Banderole variant="sustainable" text={s['ui.gallery.sample.sustainable']} />
        </Specimen>
      </GallerySection>
    </>
  );
}
