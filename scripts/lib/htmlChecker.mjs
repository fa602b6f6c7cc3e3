// The W3C Nu HTML Checker (the `vnu-jar` package, run with Java: Debian's `default-jre-headless`) over the built
// pages, as files (docs/commands.md#html-check). A check from files cannot tell that `'self'` in a page's CSP is the
// site it will be served from, so the checker's CSP notes are left out; every other error counts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * One short run over a few hundred pages: the JVM's quick compiler alone and one garbage-collecting thread do it in
 * half the CPU time of its defaults (12 s against 24 s on the 2-core machine, the same messages). The quick compiler's
 * deeper frames need a bigger stack than the checker's 512k for its schema.
 */
const javaOptions = ['-Xss16m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** Java, or undefined. */
export function findJava() {
  return ['/usr/bin/java', '/usr/local/bin/java'].find((file) => fs.existsSync(file));
}

/** The built HTML pages under `siteDir` (following the release link), footer fragments apart (they are no documents). */
export function builtPages(siteDir) {
  const root = fs.realpathSync(siteDir);
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path.relative(root, file) !== 'fragments') walk(file);
      } else if (entry.name.endsWith('.html')) pages.push(file);
    }
  };
  walk(root);
  return pages.sort();
}

/**
 * The checker's errors for `files`: `{ file, line, message, extract }`, CSP notes left out. Rejects when Java or the
 * checker cannot run.
 */
export function htmlErrors(files) {
  const java = findJava();
  if (!java)
    return Promise.reject(
      new Error("Java is missing: install Debian's default-jre-headless (npm run setup:browser does)"),
    );
  const jar = path.join(path.dirname(require.resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');
  return new Promise((resolve, reject) => {
    execFile(
      java,
      [...javaOptions, '-jar', jar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) return reject(error);
        try {
          const { messages } = JSON.parse(stderr);
          resolve(
            messages
              .filter((message) => message.type === 'error' && !/Content Security Policy/.test(message.message))
              .map((message) => ({
                file: decodeURIComponent(String(message.url).replace(/^file:/, '')),
                line: message.lastLine,
                message: message.message,
                extract: message.extract,
              })),
          );
        } catch (parseError) {
          reject(
            new Error(`The Nu HTML Checker answered no JSON: ${String(stderr).slice(0, 500)}`, { cause: parseError }),
          );
        }
      },
    );
  });
}
