// npm run abtest -- list | create NAME --groups A,B [--weights 50,50] --from ISO --to ISO [--shops de,at] | end NAME:
// the A/B test calendar in the shared database (PostgreSQL at DATABASE_URL, else the SQLite file at DB_PATH), the
// same for every instance (docs/operations.md#ab-tests). Bad input: a message and exit code 1, nothing stored.
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { abTestCalendar } from '../server/abtests/calendar.ts';
import { abTestCalendarWrites } from '../server/abtests/calendarWrites.ts';
import { abTestLine, abTestSummary } from '../server/abtests/abTestSummary.ts';
import { abTestNameSchema, newAbTestSchema } from '../server/abtests/newAbTest.ts';
import { databaseErrorReason } from '../server/database/databaseUnreachable.ts';
import { readCommandConfig } from './lib/commandConfig.mjs';
import { openSharedDatabase } from './lib/releaseLease.mjs';

const USAGE = `Usage:
  npm run abtest -- list
  npm run abtest -- create NAME --groups A,B [--weights 50,50] --from ISO --to ISO [--shops de,at]
  npm run abtest -- end NAME`;

/** Stops with a message and exit code 1. */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The operator's command, checked: what to do, or a message saying what is wrong. */
function command() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        groups: { type: 'string' },
        weights: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        shops: { type: 'string' },
      },
    });
  } catch (error) {
    fail(`${error.message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [verb, name, ...rest] = positionals;
  const options = Object.keys(values);
  if (rest.length) fail(`Unexpected ${rest.join(' ')}\n${USAGE}`);
  if (verb === 'list' && name === undefined && options.length === 0) return { verb };
  if (verb === 'end' && name !== undefined && options.length === 0) {
    const checked = v.safeParse(abTestNameSchema, name);
    if (!checked.success) fail(`NAME ${checked.issues[0].message}`);
    return { verb, name };
  }
  if (verb === 'create' && name !== undefined) {
    const list = (text) => (text === undefined ? undefined : text.split(',').map((item) => item.trim()));
    const request = {
      name,
      groups: list(values.groups),
      ...(values.weights === undefined ? {} : { weights: list(values.weights).map(Number) }),
      from: values.from,
      to: values.to,
      ...(values.shops === undefined ? {} : { shops: list(values.shops) }),
    };
    const checked = v.safeParse(newAbTestSchema, request);
    if (!checked.success) {
      const problems = checked.issues.map((issue) => {
        const field = issue.path?.[0]?.key;
        const label = field === 'name' ? 'NAME' : `--${String(field)}`;
        return `  ${label}: ${issue.input === undefined ? 'is required' : issue.message}`;
      });
      fail(`Not a valid A/B test; nothing stored:\n${problems.join('\n')}\n${USAGE}`);
    }
    return { verb, test: checked.output };
  }
  fail(USAGE);
}

const todo = command();
const config = readCommandConfig();
const opened = openSharedDatabase(config);
if (!opened)
  fail('DB_PATH is :memory:, which no instance shares: set DB_PATH or DATABASE_URL to the services’ database.');
try {
  const calendar = abTestCalendar(opened.shared);
  const writes = abTestCalendarWrites(opened.shared);
  if (todo.verb === 'list') {
    const tests = await calendar.list();
    const now = new Date();
    console.log(tests.length ? tests.map((test) => abTestLine(abTestSummary(test, now))).join('\n') : 'No A/B tests.');
  } else if (todo.verb === 'create') {
    const outcome = await writes.create(todo.test);
    if ('refused' in outcome) {
      console.error(`An A/B test named ${todo.test.name} exists already; nothing stored.`);
      process.exitCode = 1;
    } else console.log(`Created: ${abTestLine(abTestSummary(outcome.created))}`);
  } else {
    const outcome = await writes.end(todo.name);
    if ('ended' in outcome) console.log(`Ended: ${abTestLine(abTestSummary(outcome.ended))}`);
    else {
      console.error(
        outcome.refused === 'unknown'
          ? `No A/B test named ${todo.name}.`
          : `The A/B test ${todo.name} has ended already.`,
      );
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(`Cannot reach the A/B test calendar: ${databaseErrorReason(error)}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
