import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { footerContentJsonProblems } from './footerContentProblems.ts';

const seed = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../../server/seed/footer/${segment}.json`), 'utf8'));

describe('problems that keep footer content from being published', () => {
  test('valid content has none', () => {
    expect(footerContentJsonProblems(JSON.stringify(seed('hu')))).toEqual([]);
  });

  test('every problem is listed with its JSON path: unsafe links and unknown logos as well as schema errors', () => {
    const content = seed('hu');
    content.teaserGroups[0].links[1].link = 'javascript:alert(1)';
    content.qualityLogos.logos[0].image.source = 'UNKNOWN_SEAL';
    content.legalLinks[2].text = '  ';
    delete content.salesTax.textBeforeLink;
    const problems = footerContentJsonProblems(JSON.stringify(content));
    expect(problems.map((problem) => problem.path).sort()).toEqual([
      '$.legalLinks[2].text',
      '$.qualityLogos.logos[0].image.source',
      '$.salesTax.textBeforeLink',
      '$.teaserGroups[0].links[1].link',
    ]);
    expect(problems).toContainEqual({
      path: '$.teaserGroups[0].links[1].link',
      message: 'unsafe link "javascript:alert(1)" dropped',
    });
  });

  test('text that is not JSON is one problem at the root', () => {
    expect(footerContentJsonProblems('{ "headline": ')).toEqual([
      { path: '$', message: expect.stringMatching(/^is not JSON \(.+\)$/) },
    ]);
  });
});
