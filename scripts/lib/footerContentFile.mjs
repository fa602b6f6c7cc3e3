// Footer content from an operator's file, and its problems as printed lines: shared by content:check and content:publish.
import fs from 'node:fs';
import { footerContentProblems } from '../../src/shared/footer/footerContentProblems.ts';

/** The content in `file`: bare, or in the promotion service's `{ "contentJSON": "…" }` envelope. Throws when unreadable. */
export function readFooterContentFile(file) {
  let raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof raw?.contentJSON === 'string') raw = JSON.parse(raw.contentJSON);
  return raw;
}

/** One line per problem (schema errors and values the build would drop alike): `HU $.teaserGroups[0].links[1].link: …`. */
export function problemLines(label, raw) {
  return footerContentProblems(raw).map((problem) => `${label} ${problem.path}: ${problem.message}`);
}
