import { expect, test } from 'vitest';
import { reportGroups } from './abReport.ts';
import { abReportText } from './abReportText.ts';

// What `npm run ab:report -- NAME` prints (docs/operations.md#ab-test-report).
test('per shop a row per group with its rate and interval, and a plain line on the difference', () => {
  const groups = reportGroups(
    ['A', 'B'],
    new Map([
      ['A', { visitors: 1000, signUps: 30, confirmed: 20 }],
      ['B', { visitors: 1000, signUps: 45, confirmed: 31 }],
    ]),
  );
  const text = abReportText({ test: 'HERO', from: 'F', to: 'T', shops: [{ shop: 'de', groups }] });
  expect(text.split('\n')).toEqual([
    'A/B test HERO, F to T',
    '',
    'Shop de',
    '  group      visitors  sign-ups  confirmed  conversion (95 % interval)',
    '  A              1000        30         20  3.00 % (2.11 % – 4.25 %)',
    '  B              1000        45         31  4.50 % (3.38 % – 5.97 %)',
    '    B vs A: +1.50 points, z = 1.77, p = 0.077: not conclusive (p ≥ 0.05): keep the test running or call it a draw',
  ]);
});

test('a group nobody was assigned to gets no test, and says so', () => {
  const groups = reportGroups(['A', 'B'], new Map([['A', { visitors: 10, signUps: 1, confirmed: 0 }]]));
  const text = abReportText({ test: 'HERO', from: 'F', to: 'T', shops: [{ shop: 'at', groups }] });
  expect(text).toContain('    B vs A: not enough data for a test');
});
