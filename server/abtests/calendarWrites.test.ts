import { afterEach, describe, expect, test } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { abTestCalendar } from './calendar.ts';
import { abTestCalendarWrites } from './calendarWrites.ts';
import type { NewAbTest } from './newAbTest.ts';

// Operators' tests in the shared calendar: what one instance stores, every instance runs (docs/operations.md#ab-tests).
const hero: NewAbTest = {
  name: 'HERO_IMAGE',
  groups: ['A', 'B'],
  weights: [70, 30],
  from: '2026-01-01T00:00:00Z',
  to: '2027-01-01T00:00:00Z',
  shops: ['de', 'ch-fr'],
};

let instances: TwoInstances | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

describe.each(testEngines)('$engine', ({ open }) => {
  test('a test created on one instance runs on the other, with its shares and shops', async () => {
    instances = await open();
    expect(await abTestCalendarWrites(instances.first).create(hero)).toMatchObject({ created: { name: 'HERO_IMAGE' } });
    const other = abTestCalendar(instances.second);
    expect(await other.runningAt('2026-06-01T00:00:00Z')).toContainEqual({
      name: 'HERO_IMAGE',
      groups: ['A', 'B'],
      weights: [70, 30],
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2027-01-01T00:00:00.000Z',
      shops: ['DE', 'CH_FR'],
    });
    expect((await other.testsAt('2027-01-01T00:00:00Z')).map((test) => test.name)).not.toContain('HERO_IMAGE');
  });

  test('two instances creating one name at once: one test, the other refused', async () => {
    instances = await open();
    const outcomes = await Promise.all([
      abTestCalendarWrites(instances.first).create(hero),
      abTestCalendarWrites(instances.second).create({ ...hero, groups: ['X', 'Y'], weights: undefined }),
    ]);
    expect(outcomes.filter((outcome) => 'created' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'exists' }]);
  });

  test('an ended test stops running at once for every instance; ending it again or an unknown one is refused', async () => {
    instances = await open();
    const writes = abTestCalendarWrites(instances.first);
    await writes.create(hero);
    const now = new Date('2026-06-01T12:00:00Z');
    expect(await writes.end('HERO_IMAGE', now)).toMatchObject({ ended: { endsAt: '2026-06-01T12:00:00.000Z' } });
    const other = abTestCalendar(instances.second);
    expect((await other.testsAt('2026-06-01T12:00:00Z')).map((test) => test.name)).not.toContain('HERO_IMAGE');
    expect((await other.testsAt('2026-06-01T11:59:59Z')).map((test) => test.name)).toContain('HERO_IMAGE');
    expect(await writes.end('HERO_IMAGE', now)).toEqual({ refused: 'already_ended' });
    expect(await writes.end('NO_SUCH_TEST', now)).toEqual({ refused: 'unknown' });
  });

  test('two instances ending one test at once: one ends it, the other finds it ended', async () => {
    instances = await open();
    await abTestCalendarWrites(instances.first).create(hero);
    const now = new Date('2026-06-01T12:00:00Z');
    const outcomes = await Promise.all([
      abTestCalendarWrites(instances.first).end('HERO_IMAGE', now),
      abTestCalendarWrites(instances.second).end('HERO_IMAGE', now),
    ]);
    expect(outcomes.filter((outcome) => 'ended' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'already_ended' }]);
  });

  test('a scheduled test ended before its start never runs', async () => {
    instances = await open();
    const writes = abTestCalendarWrites(instances.first);
    await writes.create({ ...hero, from: '2026-09-01T00:00:00Z' });
    await writes.end('HERO_IMAGE', new Date('2026-06-01T00:00:00Z'));
    for (const instant of ['2026-05-31T00:00:00Z', '2026-06-01T00:00:00Z', '2026-10-01T00:00:00Z'])
      expect((await abTestCalendar(instances.second).testsAt(instant)).map((test) => test.name)).not.toContain(
        'HERO_IMAGE',
      );
  });

  test('the demo tests split evenly: three groups 34/33/33', async () => {
    instances = await open();
    expect(await abTestCalendar(instances.first).test('CHECKOUT_BUTTON_COLOR')).toMatchObject({
      groups: ['CONTROL', 'GREEN', 'ORANGE'],
      weights: [34, 33, 33],
    });
  });
});
