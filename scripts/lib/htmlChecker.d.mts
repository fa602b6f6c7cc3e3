/** Java, or undefined. */
export function findJava(): string | undefined;
/** The built HTML pages under `siteDir`, footer fragments apart. */
export function builtPages(siteDir: string): string[];
/** The Nu HTML Checker's errors for `files`, CSP notes left out. */
export function htmlErrors(
  files: string[],
): Promise<{ file: string; line: number; message: string; extract: string }[]>;
