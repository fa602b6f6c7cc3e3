import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { IysClient } from '../iys/client.ts';
import { EMAIL_INPUT_MAX_LENGTH } from '../../src/shared/newsletter/subscriberSchema.ts';
import { eraseAddress, IYS_UNAVAILABLE } from './erasureWithIys.ts';
import type { SubscriberExport } from './exportSchema.ts';
import { subscriberAudit, type AuditedAction } from './subscriberAudit.ts';
import { subscriberExportOf } from './subscriberExport.ts';
import { subscriberSummary } from './subscriberSummary.ts';

/** How `npm run subscriber` is used (docs/commands.md#subscriber). */
export const SUBSCRIBER_USAGE =
  'Usage: npm run subscriber -- show|export|erase ADDRESS [--yes] [--by NAME] | audit (docs/commands.md#subscriber)';

/** Where the command writes: its answer, and its complaints. */
export interface CommandOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** What the command was asked. */
interface SubscriberRequest {
  action: AuditedAction | 'audit';
  address: string;
  yes: boolean;
  operator: string | undefined;
}

/** The arguments read, or undefined when they make no request. */
function requestOf(argv: readonly string[], defaultOperator: string | undefined): SubscriberRequest | undefined {
  const [action, ...rest] = argv;
  let operator = defaultOperator;
  let yes = false;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index]!;
    if (argument === '--yes') yes = true;
    else if (argument === '--by') operator = rest[(index += 1)];
    else if (argument.startsWith('--by=')) operator = argument.slice('--by='.length);
    else positional.push(argument);
  }
  if (action === 'audit') return positional.length === 0 ? { action, address: '', yes, operator } : undefined;
  if (action !== 'show' && action !== 'export' && action !== 'erase') return undefined;
  const [address, ...extra] = positional;
  if (!address || extra.length > 0 || address.length > EMAIL_INPUT_MAX_LENGTH || !address.includes('@'))
    return undefined;
  return { action, address, yes, operator: operator?.trim().slice(0, 100) || undefined };
}

/** The shops an export names: the subscription's and the suppressions'. */
function shopsOf(exported: SubscriberExport): string[] {
  const shops = new Set(exported.suppressions.map((entry) => entry.shop));
  if (exported.subscription?.shop) shops.add(exported.subscription.shop);
  return [...shops].sort();
}

/**
 * `npm run subscriber` (docs/commands.md#subscriber): support's `show`, `export` and `erase` of an address, for every
 * shop where it is known, and the `audit` log of them. Answers the exit code: 0 done, 1 unknown address or not done,
 * 2 wrong arguments. Every show, export and erase is recorded with the operator's name (`--by`, else
 * `defaultOperator`: `SUBSCRIBER_OPERATOR` or the login name), never with the address.
 */
export async function subscriberCommand(
  database: SharedDatabase,
  iys: IysClient | undefined,
  argv: readonly string[],
  defaultOperator: string | undefined,
  output: CommandOutput,
): Promise<number> {
  const request = requestOf(argv, defaultOperator);
  if (!request) return (output.err(SUBSCRIBER_USAGE), 2);
  const audit = subscriberAudit(database);
  if (request.action === 'audit') {
    output.out(await audit.listed());
    return 0;
  }
  const { action, address, operator } = request;
  if (!operator) return (output.err('Name the operator: --by NAME (or set SUBSCRIBER_OPERATOR).'), 2);
  if (action === 'erase' && !request.yes)
    return (output.err('Erasing cannot be undone: add --yes to erase this address in every shop.'), 2);
  const unknown = () => (output.err('No data is stored for this address.'), 1);
  if (action === 'erase') {
    const erased = await eraseAddress(database, iys, address);
    if (erased === IYS_UNAVAILABLE)
      return (output.err('İYS did not take the withdrawal (RET): nothing was erased; try again later.'), 1);
    if (typeof erased === 'string' || erased.shops.length === 0) return unknown();
    await audit.record('erase', erased.shops, operator);
    output.out(`Erased in ${erased.shops.join(', ')}: the address and every personal field are gone.`);
    return 0;
  }
  const exported = await database.run((db) => subscriberExportOf(db, address, new Date()));
  if (!exported) return unknown();
  await audit.record(action, shopsOf(exported), operator);
  output.out(action === 'export' ? JSON.stringify(exported, null, 2) : subscriberSummary(exported));
  return 0;
}
