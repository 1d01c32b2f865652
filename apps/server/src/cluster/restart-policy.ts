// When the primary starts a worker again after one died, and when it stops trying: a worker that
// keeps dying (a bad deployment, a port taken, a database refusing connections) must end the
// process with a clear sentence rather than fork forever.

/** More deaths than this within CRASH_LOOP_WINDOW_MS is a crash loop: the primary gives up. */
export const CRASH_LOOP_DEATHS = 5;
export const CRASH_LOOP_WINDOW_MS = 30_000;
/** The first replacement is forked after this; each further death in the window doubles it. */
export const RESTART_DELAY_MS = 250;
export const RESTART_DELAY_MAX_MS = 5_000;

export interface RestartPolicy {
  /** Records a worker's death at `now` (ms): the delay before its replacement, or undefined to give up. */
  onDeath(now: number): number | undefined;
  /** Deaths counted in the window ending at the last one recorded. */
  readonly recentDeaths: number;
}

export function createRestartPolicy(): RestartPolicy {
  const deaths: number[] = [];
  return {
    onDeath(now) {
      deaths.push(now);
      while (deaths.length > 0 && deaths[0]! <= now - CRASH_LOOP_WINDOW_MS) deaths.shift();
      if (deaths.length > CRASH_LOOP_DEATHS) return undefined;
      return Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** (deaths.length - 1));
    },
    get recentDeaths() {
      return deaths.length;
    },
  };
}
