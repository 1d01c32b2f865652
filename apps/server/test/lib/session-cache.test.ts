import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../src/lib/session-cache.js';

function counter<T>(value: T | undefined) {
  const loader = { calls: 0, value, load: async () => (loader.calls++, loader.value) };
  return loader;
}

describe('createSessionCache', () => {
  it('asks once per session within its lifetime, and again after it', async () => {
    let now = 0;
    const cache = createSessionCache<string>({ ttlMs: 1000, clock: () => now });
    const loader = counter('alice');
    expect(await cache.get('s1', loader.load)).toBe('alice');
    now = 999;
    expect(await cache.get('s1', loader.load)).toBe('alice');
    expect(loader.calls).toBe(1);
    now = 1000;
    loader.value = 'alice again';
    expect(await cache.get('s1', loader.load)).toBe('alice again');
    expect(loader.calls).toBe(2);
  });

  it('shares one lookup between concurrent requests', async () => {
    const cache = createSessionCache<string>({ clock: () => 0 });
    const loader = counter('bob');
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('s1', loader.load)));
    expect(answers).toEqual(['bob', 'bob', 'bob']);
    expect(loader.calls).toBe(1);
  });

  it('keeps no unknown, revoked or failed session', async () => {
    const cache = createSessionCache<string>({ clock: () => 0 });
    const missing = counter<string>(undefined);
    expect(await cache.get('s1', missing.load)).toBeUndefined();
    expect(await cache.get('s1', missing.load)).toBeUndefined();
    expect(missing.calls).toBe(2);

    await expect(cache.get('s2', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('s2', async () => 'back')).toBe('back');
  });

  it('forgets a session at once, so its next lookup goes to the database', async () => {
    const cache = createSessionCache<string>({ clock: () => 0 });
    const loader = counter('carol');
    await cache.get('s1', loader.load);
    cache.forget('s1');
    loader.value = undefined;
    expect(await cache.get('s1', loader.load)).toBeUndefined();
    expect(loader.calls).toBe(2);
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const cache = createSessionCache<string>({ maxEntries: 2, clock: () => 0 });
    const loader = counter('x');
    for (const id of ['a', 'b', 'c']) await cache.get(id, loader.load);
    await cache.get('c', loader.load);
    await cache.get('b', loader.load);
    expect(loader.calls).toBe(3);
    await cache.get('a', loader.load);
    expect(loader.calls).toBe(4);
  });

  it('with a lifetime of 0 keeps nothing', async () => {
    const cache = createSessionCache<string>({ ttlMs: 0 });
    const loader = counter('dave');
    await cache.get('s1', loader.load);
    await cache.get('s1', loader.load);
    expect(loader.calls).toBe(2);
  });
});
