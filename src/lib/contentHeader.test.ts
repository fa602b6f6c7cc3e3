import { expect, test } from 'vitest';
import { parseContentHeader } from './contentHeader.ts';

test('shows header and footer unless the content header hides them', () => {
  expect(parseContentHeader(undefined)).toEqual({ showHeader: true, showFooter: true });
  expect(parseContentHeader('NO_HEADER')).toEqual({ showHeader: false, showFooter: true });
  expect(parseContentHeader('no_footer')).toEqual({ showHeader: true, showFooter: false });
  expect(parseContentHeader('NO_HEADER,NO_FOOTER')).toEqual({ showHeader: false, showFooter: false });
  expect(parseContentHeader('NO_HEADERS')).toEqual({ showHeader: true, showFooter: true });
});
