import { useRef, useState, type SubmitEvent } from 'react';
import { eraseSubscriber, newsletterBasePath } from '../../lib/newsletter/newsletterClient.ts';
import type { PreferencesAnswer } from '../../shared/newsletter/formAnswers.ts';

/** Where the erasure stands on the page: offered, asked to confirm, under way, done, or the link no longer works. */
export type ErasureStep = 'offered' | 'confirming' | 'erasing' | 'erased' | 'invalid';

/**
 * The erasure on the preferences page (docs/newsletter.md#subscriber-rights): the erase button asks first, the
 * confirmation erases. With JavaScript it happens in place through `POST …/{token}/erase`; without it the same forms
 * post to the page, which the server answers (docs/newsletter.md#plain-form).
 */
export function useErasure({ singlePageApp, answer }: { singlePageApp: boolean; answer?: PreferencesAnswer }) {
  const ready = answer?.outcome === 'ready' ? answer : undefined;
  const [step, setStep] = useState<ErasureStep>(ready?.step === 'confirmErase' ? 'confirming' : 'offered');
  const [failed, setFailed] = useState(ready?.notice === 'eraseFailed');
  const erasingNow = useRef(false);

  /** The erase button: ask before anything goes. */
  const ask = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    setStep('confirming');
  };
  /** "No, back": the settings again. */
  const cancel = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStep('offered');
  };
  /** The confirmation: erases, once. */
  const confirm = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = new URLSearchParams(window.location.search).get('token');
    if (erasingNow.current || !token) return;
    erasingNow.current = true;
    setStep('erasing');
    setFailed(false);
    const outcome = await eraseSubscriber(newsletterBasePath(window.location.origin, singlePageApp), token);
    erasingNow.current = false;
    if (outcome === 'ERASED') setStep('erased');
    else if (outcome === 'LINK_INVALID') setStep('invalid');
    else {
      setFailed(true);
      setStep('confirming');
    }
  };
  return { step, failed, ask, cancel, confirm };
}

/** The erasure's state and actions, as the page's sections use them. */
export type Erasure = ReturnType<typeof useErasure>;
