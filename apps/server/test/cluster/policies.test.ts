// The primary's rules, without processes: WEB_CONCURRENCY's validation, each worker's pool size,
// and when a dead worker is started again or the primary gives up (ADR 0035).
import { describe, expect, it } from 'vitest';
import { CONNECTIONS_KEPT_FREE, workerPoolMax } from '../../src/cluster/pool-size.js';
import { createRestartPolicy } from '../../src/cluster/restart-policy.js';
import { testConfig } from '../helpers.js';

describe('WEB_CONCURRENCY', () => {
  it('defaults to 1 and takes a whole number from 1 to 64', () => {
    expect(testConfig().webConcurrency).toBe(1);
    expect(testConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(testConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
  });

  it.each(['0', '65', '2.5', 'two', '-1'])('refuses %s with a sentence', (value) => {
    expect(() => testConfig({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY is a whole number of worker processes from 1 to 64/);
  });
});

describe('a worker’s pool', () => {
  it('is the single process’s 10 while the workers fit, else an even share of what the server accepts', () => {
    const server = { maxConnections: 100, superuserReserved: 3 };
    expect(workerPoolMax(server, 2)).toBe(10);
    expect(workerPoolMax(server, 8)).toBe(10);
    expect(workerPoolMax(server, 9)).toBe(9);
    expect(workerPoolMax(server, 16)).toBe(5);
    for (const workers of [1, 2, 3, 5, 8, 9, 12, 16, 20, 43]) {
      expect(workers * workerPoolMax(server, workers)).toBeLessThanOrEqual(server.maxConnections - server.superuserReserved - CONNECTIONS_KEPT_FREE);
    }
  });

  it('never goes below 2, so an export does not take a worker’s only connection', () => {
    expect(workerPoolMax({ maxConnections: 100, superuserReserved: 3 }, 64)).toBe(2);
    expect(workerPoolMax({ maxConnections: 20, superuserReserved: 3 }, 4)).toBe(2);
  });
});

describe('restarting a dead worker', () => {
  it('waits 250 ms, doubling with each death within 30 s, and gives up at the sixth', () => {
    const policy = createRestartPolicy();
    expect([0, 1_000, 2_000, 3_000, 4_000].map((t) => policy.onDeath(t))).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(policy.onDeath(5_000)).toBeUndefined();
    expect(policy.recentDeaths).toBe(6);
  });

  it('forgets deaths older than 30 s', () => {
    const policy = createRestartPolicy();
    for (const t of [0, 1_000, 2_000, 3_000, 4_000]) policy.onDeath(t);
    expect(policy.onDeath(31_500)).toBe(250 * 2 ** 3);
    expect(policy.recentDeaths).toBe(4);
    expect(policy.onDeath(100_000)).toBe(250);
  });
});
