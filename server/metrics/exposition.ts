/**
 * Reading Prometheus's text format back (docs/operations.md#monitoring): for the tests that check what
 * `/service/metrics` exposes, as a scraper reads it.
 */

/** One sample line: its series name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample line of an exposition (comments and blank lines skipped). */
export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`, or 0 when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samplesOf(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
