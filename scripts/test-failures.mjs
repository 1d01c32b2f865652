// What `npm test` repeats at the end of a run about each test that failed (scripts/test-all.mjs):
// its step, its file, its name and the first lines of its error, read from the JSON reports of
// Vitest and Playwright, because a long run's log is often read from its end only.
import path from 'node:path';

/** The failed tests of a Vitest JSON report; a file that failed outside its tests (an import, a hook) is named itself. */
export function vitestFailures(report, step, root) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push({ step, where, name: test.fullName, message: test.failureMessages?.[0] });
    if (file.status === 'failed' && failed.length === 0) failures.push({ step, where, name: '(the file itself)', message: file.message });
  }
  return failures;
}

/** The tests of a Playwright JSON report that did not end as expected (failed, timed out, flaky). */
export function playwrightFailures(report, step = 'end-to-end journeys') {
  const failures = [];
  const walk = (suites, titles) => {
    for (const suite of suites ?? []) {
      const inner = suite.title ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'expected' || test.status === 'skipped') continue;
          const error = test.results?.find((result) => result.error)?.error;
          failures.push({ step, where: `e2e/${spec.file}:${spec.line}`, name: [...inner, spec.title].join(' › '), message: error?.message });
        }
      }
      walk(suite.suites, inner);
    }
  };
  walk(report?.suites, []);
  return failures;
}

/** The lines printed for the failures: one naming each test, then up to four of its error's lines, colours removed. */
export function failureLines(failures) {
  if (failures.length === 0) return [];
  const lines = [`failed tests (${failures.length}):`];
  for (const failure of failures) {
    lines.push(`- [${failure.step}] ${failure.where} › ${failure.name}`);
    // eslint-disable-next-line no-control-regex -- the colour codes of a terminal in the error's text
    const text = (failure.message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
    for (const line of text.split('\n').filter((l) => l.trim()).slice(0, 4)) lines.push(`    ${line.trim().slice(0, 200)}`);
  }
  return lines;
}
