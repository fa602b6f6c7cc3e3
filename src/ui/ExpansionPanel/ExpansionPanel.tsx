import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { UiStringKey } from '../../shared/i18n.ts';
import { Icon } from '../Icon/Icon.tsx';
import type { UiStrings } from '../strings.ts';
import { expansionCollapsedHeights, type ExpansionCollapsedHeight } from './collapsedHeights.ts';
import './ExpansionPanel.css';

/** Catalogue keys of the more/less button: pass `pickStrings(locale, expansionPanelStringKeys)` as `strings`. */
export const expansionPanelStringKeys = ['ui.showMore', 'ui.showLess'] as const satisfies readonly UiStringKey[];
export type ExpansionPanelStrings = UiStrings<(typeof expansionPanelStringKeys)[number]>;

export interface ExpansionPanelProps {
  /** The content. */
  children: ReactNode;
  /**
   * With a title the panel is an accordion section: the title is the toggle button (inside a heading) and the
   * collapsed content is hidden completely, yet findable with the browser's find-in-page (`hidden="until-found"`).
   * Without a title the collapsed content shows its first `collapsedHeight` px and a more/less button follows.
   */
  title?: ReactNode;
  /** Heading level of the title, 2 to 6. Default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Visible height while collapsed, when there is no title (`expansionCollapsedHeights`): the default, or the legal notice's. */
  collapsedHeight?: ExpansionCollapsedHeight;
  /** Controlled state; use with `onExpandedChange`. */
  expanded?: boolean;
  /** Initial state when uncontrolled. Default false. */
  defaultExpanded?: boolean;
  /** Called with the new state when the user toggles (or when find-in-page or focus reveals hidden content). */
  onExpandedChange?: (expanded: boolean) => void;
  /** Translated more/less labels (`ui.showMore`, `ui.showLess`); needed without a title. */
  strings?: ExpansionPanelStrings;
  /** Id of the content element; generated when left out. */
  id?: string;
  /** Extra class names for layout by the parent. */
  className?: string;
}

/** A section that collapses, with a real `<button aria-expanded aria-controls>`. */
export function ExpansionPanel({
  children,
  title,
  headingLevel = 3,
  collapsedHeight = expansionCollapsedHeights.default,
  expanded,
  defaultExpanded = false,
  onExpandedChange,
  strings,
  id,
  className,
}: ExpansionPanelProps) {
  const generatedId = useId();
  const contentId = id ?? `ui-expansion${generatedId}`;
  const [ownExpanded, setOwnExpanded] = useState(defaultExpanded);
  const isExpanded = expanded ?? ownExpanded;
  const content = useRef<HTMLDivElement>(null);
  const accordion = title !== undefined;

  const setExpanded = (next: boolean) => {
    if (expanded === undefined) setOwnExpanded(next);
    onExpandedChange?.(next);
  };
  // Latest setter for the native listener below, without re-subscribing on every render.
  const reveal = useRef(() => setExpanded(true));
  useEffect(() => {
    reveal.current = () => setExpanded(true);
  });

  // React 19 renders `hidden` only as a boolean (`hidden=""`), so the server sends plain hidden content and the
  // attribute is upgraded to `until-found` before paint; Chromium then finds the text and fires `beforematch`.
  useLayoutEffect(() => {
    const element = content.current;
    if (!accordion || !element || isExpanded) return;
    element.setAttribute('hidden', 'until-found');
    const onBeforeMatch = () => reveal.current();
    element.addEventListener('beforematch', onBeforeMatch);
    return () => element.removeEventListener('beforematch', onBeforeMatch);
  }, [accordion, isExpanded]);

  // A clipped preview still holds links: tabbing to one below the cut, or find-in-page scrolling the clipped box,
  // opens the panel so nothing focused or found stays out of sight. Native listeners: the content is no control.
  useEffect(() => {
    const element = content.current;
    if (accordion || !element || isExpanded) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target.getBoundingClientRect().bottom > element.getBoundingClientRect().bottom) reveal.current();
    };
    const onScroll = () => reveal.current();
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('scroll', onScroll);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('scroll', onScroll);
    };
  }, [accordion, isExpanded]);

  const toggle = (
    <button
      type="button"
      className="ui-expansion__toggle"
      aria-expanded={isExpanded}
      aria-controls={contentId}
      onClick={() => setExpanded(!isExpanded)}
    >
      <span className="ui-expansion__toggle-label">
        {accordion ? title : isExpanded ? strings?.['ui.showLess'] : strings?.['ui.showMore']}
      </span>
      <Icon name={isExpanded ? 'chevron-up' : 'chevron-down'} size={16} />
    </button>
  );
  const Heading = `h${headingLevel}` as const;
  const classes = [
    'ui-expansion',
    accordion ? 'ui-expansion--accordion' : 'ui-expansion--preview',
    isExpanded ? 'is-expanded' : 'is-collapsed',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-collapsed-height={accordion ? undefined : collapsedHeight}>
      {accordion && <Heading className="ui-expansion__heading">{toggle}</Heading>}
      <div ref={content} id={contentId} className="ui-expansion__content" hidden={accordion && !isExpanded}>
        {children}
      </div>
      {!accordion && toggle}
    </div>
  );
}
