import type { AbReport, AbReportGroup } from './abReport.ts';
import { SIGNIFICANCE_LEVEL } from './proportionStatistics.ts';

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/** The plain line on a group against the first: the difference, z, p and whether it is conclusive. */
function versusLine(group: AbReportGroup, first: string): string {
  const versus = group.versusFirst;
  if (!versus) return `    ${group.group} vs ${first}: not enough data for a test`;
  const sign = versus.difference >= 0 ? '+' : '−';
  const points = `${sign}${(Math.abs(versus.difference) * 100).toFixed(2)} points`;
  const verdict = versus.conclusive
    ? `conclusive (p < ${SIGNIFICANCE_LEVEL})`
    : `not conclusive (p ≥ ${SIGNIFICANCE_LEVEL}): keep the test running or call it a draw`;
  return `    ${group.group} vs ${first}: ${points}, z = ${versus.z.toFixed(2)}, p = ${versus.pValue.toFixed(3)}: ${verdict}`;
}

/** The report as `npm run ab:report -- NAME` prints it: per shop a table of the groups and a line per comparison. */
export function abReportText(report: AbReport): string {
  const lines = [`A/B test ${report.test}, ${report.from} to ${report.to}`];
  if (report.shops.length === 0) lines.push('', 'No visitors assigned yet.');
  for (const { shop, groups } of report.shops) {
    lines.push('', `Shop ${shop}`, '  group      visitors  sign-ups  confirmed  conversion (95 % interval)');
    for (const group of groups) {
      const { rate, low, high } = group.conversion;
      lines.push(
        `  ${group.group.padEnd(10)} ${String(group.visitors).padStart(8)}  ${String(group.signUps).padStart(8)}  ${String(group.confirmed).padStart(9)}  ${percent(rate)} (${percent(low)} – ${percent(high)})`,
      );
    }
    for (const group of groups.slice(1)) lines.push(versusLine(group, groups[0]!.group));
  }
  return lines.join('\n');
}
