/** The sections of `src/i18n/README.md` that state copy rules, by their GitHub anchor. */
export const copyRuleSections = [
  'all-languages',
  'german',
  'swiss-german',
  'swiss-french',
  'czech-and-slovak',
  'hungarian',
  'polish',
  'turkish',
] as const;

/** A section of `src/i18n/README.md` that states copy rules. */
export type CopyRuleSection = (typeof copyRuleSections)[number];

/**
 * The message a copy check fails with: the rule it applies and where the rule is written down, e.g.
 * `rule: fr-CH narrow no-break space before ? (src/i18n/README.md#swiss-french)`, plus what was checked (`detail`,
 * e.g. the catalogue key or the footer file) when one assertion covers several.
 */
export function copyRule(rule: string, section: CopyRuleSection, detail?: string): string {
  return `rule: ${rule} (src/i18n/README.md#${section})${detail === undefined ? '' : `: ${detail}`}`;
}
