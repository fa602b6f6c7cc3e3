// Lighthouse against the system Chromium (started by Playwright with a debugging port), median of N runs.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run: scores 0-100 and the timings that matter. */
async function runOnce(url, port, formFactor) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
  const { lhr } = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  const missing = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'].filter(
    (id) => typeof lhr.audits[id]?.numericValue !== 'number',
  );
  if (lhr.runtimeError || missing.length)
    throw new Error(`Lighthouse run incomplete: ${lhr.runtimeError?.message ?? missing.join(', ')}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    failedAudits: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}

/** The median of each figure over `runs` runs (each figure separately, as Lighthouse's own guidance suggests). */
export async function lighthouseMedian(url, port, formFactor, runs = 3) {
  const results = [];
  // A run that comes back incomplete (it happens now and then) is repeated, up to twice per figure.
  for (let attempt = 0; results.length < runs; attempt += 1) {
    try {
      results.push(await runOnce(url, port, formFactor));
    } catch (error) {
      if (attempt >= runs + 1) throw error;
      console.warn(`  ${url} ${formFactor}: ${error.message}; running again`);
    }
  }
  const figures = Object.fromEntries(
    Object.keys(results[0])
      .filter((key) => key !== 'failedAudits')
      .map((key) => [key, median(results.map((r) => r[key]))]),
  );
  return { ...figures, failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))] };
}
