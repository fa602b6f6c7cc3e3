import { shopByCode } from '../../src/shared/countries.ts';
import type { StoredAbTest } from './calendar.ts';

/** A test as operators see it (`npm run abtest -- list`, `GET …/tests`): groups with shares, times, shops, state. */
export interface AbTestSummary {
  name: string;
  groups: { name: string; weight: number }[];
  from: string;
  to: string;
  /** Shop segments it runs in, or `all`. */
  shops: string[] | 'all';
  state: 'scheduled' | 'running' | 'ended';
}

/** The summary of a stored test at `now`. */
export function abTestSummary(test: StoredAbTest, now = new Date()): AbTestSummary {
  const at = now.toISOString();
  return {
    name: test.name,
    groups: test.groups.map((name, index) => ({ name, weight: test.weights[index]! })),
    from: test.startsAt,
    to: test.endsAt,
    shops: test.shops ? test.shops.map((code) => shopByCode(code)?.segment ?? code) : 'all',
    state: at < test.startsAt ? 'scheduled' : at < test.endsAt ? 'running' : 'ended',
  };
}

/** One line of `npm run abtest -- list`: `NAME  running  A 50 %, B 50 %  from … to …  shops de, at`. */
export function abTestLine(summary: AbTestSummary): string {
  const groups = summary.groups.map((group) => `${group.name} ${group.weight} %`).join(', ');
  const shops = summary.shops === 'all' ? 'all shops' : `shops ${summary.shops.join(', ')}`;
  return `${summary.name}  ${summary.state}  ${groups}  from ${summary.from} to ${summary.to}  ${shops}`;
}
