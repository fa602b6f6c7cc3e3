import './ErrorSummary.css';

/** One problem the summary lists: its message, linking to the field it is about. */
export interface ErrorSummaryItem {
  /** The field's id (without `#`). */
  fieldId: string;
  /** The field's error message, already translated: the same words as under the field. */
  text: string;
}

export interface ErrorSummaryProps {
  /** The heading, already translated ("There is a problem"). */
  title: string;
  /** The problems in the order of the fields. */
  errors: readonly ErrorSummaryItem[];
  /** Layout by the parent. */
  className?: string;
}

/**
 * GOV.UK's error summary: at the top of a form that came back with errors, a heading and one link per problem to its
 * field, announced at once (`role="alert"`). Renders nothing without errors. The page that shows it should scroll to
 * it: the newsletter's forms post to an address whose fragment names their section.
 */
export function ErrorSummary({ title, errors, className }: ErrorSummaryProps) {
  if (errors.length === 0) return null;
  return (
    <div className={className ? `ui-error-summary ${className}` : 'ui-error-summary'} tabIndex={-1} role="alert">
      <h2 className="ui-error-summary__title">{title}</h2>
      <ul className="ui-error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`}>{error.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
