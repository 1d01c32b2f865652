// The failures `npm test` names at the end of a run, read from reports shaped as Vitest's and
// Playwright's JSON reporters write them (the Vitest one trimmed from a real run's report).
import { describe, expect, it } from 'vitest';
import { failureLines, playwrightFailures, vitestFailures } from './test-failures.mjs';

const root = '/repo';

const vitestReport = {
  numPassedTests: 2,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/apps/server/test/db/rollups.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'rollups equal a recomputation', status: 'passed', failureMessages: [] },
        {
          fullName: 'npm run rollups:verify says the rollups hold',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError: expected { code: 1 } to match object { code: 0 }\u001b[39m\n    at rollups.test.ts:231:28\n\n    at more\n    at even more\n    at too many'],
        },
      ],
    },
    { name: '/repo/apps/server/test/app.test.ts', status: 'passed', message: '', assertionResults: [{ fullName: 'starts', status: 'passed', failureMessages: [] }] },
    { name: '/repo/apps/server/test/db/external-pooler.test.ts', status: 'failed', message: 'Hook timed out in 60000ms.', assertionResults: [{ fullName: 'flows', status: 'skipped', failureMessages: [] }] },
  ],
};

const playwrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 1 },
  suites: [
    {
      title: 'orders.spec.ts',
      specs: [
        { title: 'pays an order', file: 'orders.spec.ts', line: 12, tests: [{ status: 'expected', results: [{}] }] },
        { title: 'declines a payment', file: 'orders.spec.ts', line: 40, tests: [{ status: 'unexpected', results: [{ error: { message: 'expect(locator).toBeVisible() failed\nLocator: getByText(\'payment failed!\')' } }] }] },
      ],
      suites: [
        {
          title: 'in Arabic at phone width',
          specs: [{ title: 'reads right to left', file: 'orders.spec.ts', line: 80, tests: [{ status: 'flaky', results: [{ error: { message: 'timed out' } }, {}] }] }],
        },
      ],
    },
  ],
};

describe('the failures named at the end of npm test', () => {
  it('takes each failed Vitest test, and a file that failed outside its tests, with its file from the root', () => {
    expect(vitestFailures(vitestReport, 'unit tests', root)).toEqual([
      { step: 'unit tests', where: 'apps/server/test/db/rollups.test.ts', name: 'npm run rollups:verify says the rollups hold', message: expect.stringContaining('AssertionError') },
      { step: 'unit tests', where: 'apps/server/test/db/external-pooler.test.ts', name: '(the file itself)', message: 'Hook timed out in 60000ms.' },
    ]);
    expect(vitestFailures(undefined, 'unit tests', root)).toEqual([]);
  });

  it('takes each Playwright test that failed or was flaky, named through its describe blocks', () => {
    expect(playwrightFailures(playwrightReport)).toEqual([
      { step: 'end-to-end journeys', where: 'e2e/orders.spec.ts:40', name: 'orders.spec.ts › declines a payment', message: expect.stringContaining('toBeVisible') },
      { step: 'end-to-end journeys', where: 'e2e/orders.spec.ts:80', name: 'orders.spec.ts › in Arabic at phone width › reads right to left', message: 'timed out' },
    ]);
  });

  it('prints a line for each, with at most four lines of its error, colours removed, and nothing when none failed', () => {
    const lines = failureLines(vitestFailures(vitestReport, 'unit tests', root));
    expect(lines).toEqual([
      'failed tests (2):',
      '- [unit tests] apps/server/test/db/rollups.test.ts › npm run rollups:verify says the rollups hold',
      '    AssertionError: expected { code: 1 } to match object { code: 0 }',
      '    at rollups.test.ts:231:28',
      '    at more',
      '    at even more',
      '- [unit tests] apps/server/test/db/external-pooler.test.ts › (the file itself)',
      '    Hook timed out in 60000ms.',
    ]);
    expect(failureLines([])).toEqual([]);
  });
});
