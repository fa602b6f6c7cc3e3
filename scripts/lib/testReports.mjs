// Reads the test runners' JSON reports for `npm test`'s summary (scripts/test.mjs): the failed tests by name, and
// every test file's time.
import path from 'node:path';

/** The first non-empty line of a message, for a one-line summary. */
function firstLine(message) {
  return (
    String(message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? '(no message)'
  );
}

/**
 * The failed tests of a Vitest JSON report, one line each (a file that failed without a failed test, e.g. in its
 * set-up, by its first error line).
 * @param {{ testResults?: { name: string, status: string, message?: string, assertionResults?: { status: string, fullName: string }[] }[] }} report
 * @param {string} root
 */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    for (const test of tests) if (test.status === 'failed') lines.push(`vitest ${where} › ${test.fullName}`);
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed'))
      lines.push(`vitest ${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * Each file of a Vitest JSON report with its time in ms.
 * @param {{ testResults?: { name: string, startTime: number, endTime: number }[] }} report
 * @param {string} root
 */
export function vitestFiles(report, root) {
  return (report.testResults ?? []).map((file) => ({
    file: `vitest ${path.relative(root, file.name)}`,
    ms: file.endTime - file.startTime,
  }));
}

/** Every test of a Playwright JSON report's suites, with its file, title path and project. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites) {
    const titlePath = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) yield { spec, test, titlePath: [...titlePath, spec.title] };
    yield* playwrightTests(suite.suites ?? [], titlePath);
  }
}

/** The tests of a Playwright JSON report whose outcome was unexpected, one line each. */
export function playwrightFailures(suites) {
  const lines = [];
  for (const { spec, test, titlePath } of playwrightTests(suites))
    if (test.status === 'unexpected')
      lines.push(`playwright [${test.projectName}] ${spec.file}:${spec.line} › ${titlePath.join(' › ')}`);
  return lines;
}

/** Each file of a Playwright JSON report (per project) with the sum of its tests' times in ms (worker time). */
export function playwrightFiles(suites) {
  const times = new Map();
  for (const { spec, test } of playwrightTests(suites)) {
    const key = `playwright [${test.projectName}] ${spec.file}`;
    const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
    times.set(key, (times.get(key) ?? 0) + ms);
  }
  return [...times].map(([file, ms]) => ({ file, ms }));
}
