// Runs work for one key at a time within this process, in arrival order. It keeps a hot key's
// requests from queueing on the same PostgreSQL row lock all at once (where every release wakes
// the whole queue); the row lock still decides across processes.
export interface KeyedQueue {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, work) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
