import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../src/lib/batcher.js';

/** A batch run that waits for the test to let it finish, recording what each batch held. */
function gatedRun() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const run = async (items: string[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (items.includes('bad') && items.length > 1) throw new Error('the batch failed');
    if (items.length === 1 && items[0] === 'bad') throw new Error('bad alone');
    return items.map((i) => i.toUpperCase());
  };
  /** Lets the oldest running batch finish, then waits until the batches it releases have started. */
  const finishNext = async () => {
    gates.shift()?.();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { batches, run, finishNext, running: () => gates.length };
}

describe('the batcher', () => {
  it('runs an item alone when a slot is free, and what waited meanwhile as one batch', async () => {
    const g = gatedRun();
    const batcher = createBatcher({ run: g.run, maxInFlight: 1 });
    const results = ['a', 'b', 'c', 'd'].map((x) => batcher.submit(x));
    expect(g.batches).toEqual([['a']]);
    await g.finishNext();
    expect(g.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await g.finishNext();
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps items of one key in different batches, in arrival order, and bounds a batch', async () => {
    const g = gatedRun();
    const batcher = createBatcher({ run: g.run, keyOf: (x: string) => x[0]!, maxInFlight: 1, maxBatch: 2 });
    const results = ['a1', 'a2', 'b1', 'c1', 'a3'].map((x) => batcher.submit(x));
    await g.finishNext();
    expect(g.batches).toEqual([['a1'], ['a2', 'b1']]);
    await g.finishNext();
    expect(g.batches).toEqual([['a1'], ['a2', 'b1'], ['c1', 'a3']]);
    await g.finishNext();
    expect(await Promise.all(results)).toEqual(['A1', 'A2', 'B1', 'C1', 'A3']);
  });

  it('runs up to maxInFlight batches at once', async () => {
    const g = gatedRun();
    const batcher = createBatcher({ run: g.run, maxInFlight: 2 });
    const results = ['a', 'b', 'c', 'd'].map((x) => batcher.submit(x));
    expect(g.batches).toEqual([['a'], ['b']]);
    expect(g.running()).toBe(2);
    await g.finishNext();
    expect(g.batches).toEqual([['a'], ['b'], ['c', 'd']]);
    await g.finishNext();
    await g.finishNext();
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('runs each item of a failed batch again alone: only the faulty one fails', async () => {
    const g = gatedRun();
    const sizes: number[] = [];
    const batcher = createBatcher({ run: g.run, maxInFlight: 1, onBatch: (n) => sizes.push(n) });
    const results = ['a', 'b', 'bad', 'c'].map((x) => batcher.submit(x));
    const settled = Promise.allSettled(results);
    while (g.running() > 0) await g.finishNext();
    expect((await settled).map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(['A', 'B', 'Error: bad alone', 'C']);
    expect(g.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
    expect(sizes).toEqual([1, 3, 1, 1, 1]);
  });

  it('refuses a batch that answers a different number of results', async () => {
    const batcher = createBatcher({ run: async (items: number[]) => items.slice(1), maxInFlight: 1 });
    await expect(batcher.submit(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
