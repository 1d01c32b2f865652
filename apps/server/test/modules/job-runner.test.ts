// The job runner's timer (modules/jobs/runner.ts): a run slower than the interval does not queue more
// runs behind it. Only the interval timer is faked; the jobs run on the real database.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner } from '../../src/modules/jobs/runner.js';
import { useTestApp } from '../helpers.js';

const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner on its interval', () => {
  it('starts no run while one is going: ten ticks during a slow run make one run, the next tick the second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let runs = 0;
    let release!: () => void;
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const runner = createJobRunner({
      db: ctx.db,
      intervalMs: 1_000,
      jobs: [
        {
          name: 'slow',
          run: async () => {
            runs += 1;
            started();
            if (runs === 1) await held;
            return runs;
          },
        },
      ],
    });
    runner.start();
    vi.advanceTimersByTime(1_000);
    await firstStarted;
    vi.advanceTimersByTime(9_000); // nine more ticks while the first run is held
    release();
    // stop() waits for the run in flight to end; the ticks during it started nothing.
    await runner.stop();
    expect(runs).toBe(1);
    runner.start();
    vi.advanceTimersByTime(1_000);
    await runner.stop();
    expect(runs).toBe(2);
  });
});
