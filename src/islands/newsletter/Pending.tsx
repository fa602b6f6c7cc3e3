import { Spinner } from '../../ui/Spinner/Spinner.tsx';

export interface PendingProps {
  /** What is under way, already translated: shown and announced. */
  text: string;
}

/** A spinner and what it waits for, while a subscriber's page asks the service (confirmation, preferences). */
export function Pending({ text }: PendingProps) {
  return (
    <div className="newsletter-pending">
      <Spinner size="medium" label={text} live={false} />
      <p role="status">{text}</p>
    </div>
  );
}
