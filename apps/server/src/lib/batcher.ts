// Work that arrives while earlier work is running waits and then runs as one batch: natural batching,
// with no timer. An item that finds a free slot runs at once, alone; only under load do items share a
// batch, so a cost paid per batch (a round trip, a statement's planning and triggers, a commit and its
// WAL flush) is paid once for many. At most `maxInFlight` batches run at once.
//
// Items with the same key never share a batch (they wait for the next one), and a batch holds only
// items `compatible` with its first. Should a batch fail, each of its items runs again alone, so one
// item's failure is never another's; `run` must then be safe to repeat, which it is when a failed
// batch leaves nothing behind (one statement, one transaction).
export interface BatcherOptions<T, R> {
  /** Runs a batch; answers one result per item, in the items' order. */
  run: (items: T[]) => Promise<R[]>;
  /** Items with the same key go to different batches. */
  keyOf?: (item: T) => string;
  /** Whether an item may join a batch whose first item is `first`. */
  compatible?: (first: T, item: T) => boolean;
  maxInFlight?: number;
  maxBatch?: number;
  /** Told each batch's size as it starts. */
  onBatch?: (size: number) => void;
}

export interface Batcher<T, R> {
  submit(item: T): Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<T, R>({ run, keyOf, compatible = () => true, maxInFlight = 2, maxBatch = 64, onBatch = () => {} }: BatcherOptions<T, R>): Batcher<T, R> {
  let queue: Waiting<T, R>[] = [];
  let inFlight = 0;

  /** The next batch: the oldest waiting item, then every later one that may join it, in arrival order. */
  function take(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const left: Waiting<T, R>[] = [];
    const keys = new Set<string>();
    for (const w of queue) {
      const first = batch[0];
      const key = keyOf?.(w.item);
      if (batch.length < maxBatch && (key === undefined || !keys.has(key)) && (!first || compatible(first.item, w.item))) {
        if (key !== undefined) keys.add(key);
        batch.push(w);
      } else {
        left.push(w);
      }
    }
    queue = left;
    return batch;
  }

  async function execute(batch: Waiting<T, R>[]): Promise<void> {
    onBatch(batch.length);
    let results: R[];
    try {
      results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((w) => execute([w])));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i] as R));
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight += 1;
      void execute(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
