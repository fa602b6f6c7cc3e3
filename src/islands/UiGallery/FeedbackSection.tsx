import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification, type NotificationVariant } from '../../ui/Notification/Notification.tsx';
import { Spinner } from '../../ui/Spinner/Spinner.tsx';
import type { GalleryStringKey, GallerySectionProps } from './galleryStrings.ts';
import { GallerySection, Specimen } from './Specimen.tsx';

const samples: Record<NotificationVariant, GalleryStringKey> = {
  success: 'ui.gallery.sample.success',
  warning: 'ui.gallery.sample.warning',
  information: 'ui.gallery.sample.information',
  error: 'ui.gallery.sample.error',
};

/** Notification and Spinner in every variant and state. */
export function FeedbackSection({ strings: s }: GallerySectionProps) {
  const [open, setOpen] = useState(true);
  const [closeEvents, setCloseEvents] = useState(0);
  const reopen = useRef<HTMLButtonElement>(null);
  // The close button disappears with the notification; the parent, which knows the page, decides where focus goes.
  useEffect(() => {
    if (!open && closeEvents > 0) reopen.current?.focus();
  }, [open, closeEvents]);

  return (
    <>
      <GallerySection name="Notification">
        {(Object.keys(samples) as NotificationVariant[]).map((variant) => (
          <Specimen key={variant} caption={`variant="${variant}" showCloseIcon={false}`} wide>
            <Notification variant={variant} labelText={s[samples[variant]]} showCloseIcon={false} />
          </Specimen>
        ))}
        <Specimen caption='variant="success" open={open} onClose' wide>
          <div data-testid="closable-notification" data-close-events={closeEvents}>
            <Notification
              variant="success"
              open={open}
              labelText={s['ui.gallery.sample.success']}
              strings={s}
              onClose={() => {
                setOpen(false);
                setCloseEvents((count) => count + 1);
              }}
            >
              <p>{s['ui.gallery.sample.successText']}</p>
            </Notification>
            {!open && (
              <div className="ui-gallery__row">
                <p className="ui-gallery__note">{s['ui.gallery.sample.closed']}</p>
                <Button ref={reopen} variant="text" onClick={() => setOpen(true)}>
                  {s['ui.gallery.sample.reopen']}
                </Button>
              </div>
            )}
          </div>
        </Specimen>
        <Specimen caption='variant="information" transparent customIcon="truck"' wide>
          <Notification
            variant="information"
            transparent
            customIcon="truck"
            labelText={s['ui.gallery.sample.deliveryText']}
            strings={s}
          />
        </Specimen>
      </GallerySection>

      <GallerySection name="Spinner">
        <Specimen caption='size="small"'>
          <Spinner size="small" label={s['ui.loading']} live={false} />
        </Specimen>
        <Specimen caption='size="medium"'>
          <Spinner size="medium" label={s['ui.loading']} live={false} />
        </Specimen>
        <Specimen caption='size="large"'>
          <Spinner size="large" label={s['ui.loading']} />
        </Specimen>
      </GallerySection>
    </>
  );
}
