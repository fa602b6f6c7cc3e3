import { useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button/Button.tsx';
import { IconButton } from '../../ui/IconButton/IconButton.tsx';
import { TextLink } from '../../ui/TextLink/TextLink.tsx';
import type { GallerySectionProps } from './galleryStrings.ts';
import { interpolate } from '../../ui/strings.ts';
import { GallerySection, Specimen } from './Specimen.tsx';

const variants = ['primary-fill', 'primary-outline', 'secondary-fill', 'secondary-outline', 'text'] as const;

/** Button, IconButton and TextLink in every variant and state. */
export function ActionsSection({ strings: s, shopPath }: GallerySectionProps) {
  const [submits, setSubmits] = useState(0);
  const [sending, setSending] = useState(false);
  const [wished, setWished] = useState(false);
  const [navigatedTo, setNavigatedTo] = useState('');

  // The demo form stays "sending" until reset, so the loading state can be looked at and tried.
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    setSending(true);
  };

  return (
    <>
      <GallerySection name="Button">
        {variants.map((variant) => (
          <Specimen key={variant} caption={`variant="${variant}"`}>
            <Button variant={variant}>{s['ui.gallery.sample.addToBag']}</Button>
          </Specimen>
        ))}
        <Specimen caption='prependIcon="cart" appendIcon="arrow-right"'>
          <Button prependIcon="cart" appendIcon="arrow-right">
            {s['ui.gallery.sample.addToBag']}
          </Button>
        </Specimen>
        <Specimen caption='tag="a" variant="primary-outline"'>
          <Button tag="a" href="#ui-button" variant="primary-outline">
            {s['ui.gallery.sample.learnMore']}
          </Button>
        </Specimen>
        <Specimen caption="disabled">
          <Button disabled>{s['ui.gallery.sample.subscribe']}</Button>
        </Specimen>
        <Specimen caption='state="loading"'>
          <Button state="loading" strings={s}>
            {s['ui.gallery.sample.subscribe']}
          </Button>
        </Specimen>
        <Specimen caption='type="submit" widthBehaviour="full-mobile" state={sending ? "loading" : "none"}' wide>
          <form className="ui-gallery__row" onSubmit={submit} data-testid="loading-form" data-submits={submits}>
            <Button type="submit" widthBehaviour="full-mobile" state={sending ? 'loading' : 'none'} strings={s}>
              {s['ui.gallery.sample.subscribe']}
            </Button>
            <Button variant="text" onClick={() => setSending(false)}>
              {s['ui.gallery.sample.reset']}
            </Button>
          </form>
        </Specimen>
        <Specimen caption='widthBehaviour="full"' wide>
          <Button widthBehaviour="full" variant="secondary-fill">
            {s['ui.gallery.sample.addToBag']}
          </Button>
        </Specimen>
      </GallerySection>

      <GallerySection name="IconButton">
        <Specimen caption='icon="search"'>
          <IconButton icon="search" label={s['ui.search']} />
        </Specimen>
        <Specimen caption="pressed={wished}">
          <IconButton
            icon="heart"
            label={s['ui.gallery.sample.wishlist']}
            pressed={wished}
            onClick={() => setWished((on) => !on)}
          />
        </Specimen>
        <Specimen caption='icon="minus" / icon="plus" iconSize={16}'>
          <span className="ui-gallery__row">
            <IconButton icon="minus" iconSize={16} label={s['ui.number.minus']} />
            <IconButton icon="plus" iconSize={16} label={s['ui.number.plus']} />
          </span>
        </Specimen>
        <Specimen caption="disabled">
          <IconButton icon="trash" label={s['ui.file.remove']} disabled />
        </Specimen>
      </GallerySection>

      <GallerySection name="TextLink">
        <Specimen caption='as="anchor"'>
          <TextLink href="#ui-textlink">{s['ui.gallery.sample.privacy']}</TextLink>
        </Specimen>
        <Specimen caption='as="button"'>
          <TextLink as="button" onClick={() => setNavigatedTo('')}>
            {s['ui.gallery.sample.consentSettings']}
          </TextLink>
        </Specimen>
        <Specimen caption='as="router" onNavigate' wide>
          <span className="ui-gallery__row">
            <TextLink as="router" href={`${shopPath}checkout/`} onNavigate={setNavigatedTo} appendIcon="chevron-right">
              {s['ui.gallery.sample.toCheckout']}
            </TextLink>
            <output data-testid="router-output">
              {navigatedTo && interpolate(s['ui.gallery.sample.navigatedTo'], { path: navigatedTo })}
            </output>
          </span>
        </Specimen>
        <Specimen caption='newTab appendIcon="external-link"'>
          <TextLink href="https://example.org/" newTab appendIcon="external-link">
            {s['ui.gallery.sample.externalLink']}
          </TextLink>
        </Specimen>
        <Specimen caption='tone="inherit"'>
          <span className="ui-gallery__dark">
            <TextLink href="#ui-textlink" tone="inherit">
              {s['ui.backToTop']}
            </TextLink>
          </span>
        </Specimen>
      </GallerySection>
    </>
  );
}
