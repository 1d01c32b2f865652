// The CPU seconds PostgreSQL spent, read from /proc when the server runs on this machine (the embedded
// one, or a local DATABASE_URL): on a shared machine a wall-clock second says little, the CPU a phase
// took is what an idle machine would spend on it. Elsewhere (another host, no /proc) there is no figure.
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

/** utime, stime, cutime, cstime (clock ticks) and the parent's pid of a process, or null. */
function stat(pid: number): { own: number; reaped: number; parent: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/**
 * A reader of PostgreSQL's CPU seconds so far: the postmaster's own and its finished children's (parallel
 * workers that exited), plus every live child's (this backend, the checkpointer, the WAL writer...).
 * Null when the connection's backend is not a local PostgreSQL process.
 */
export async function postgresCpu(client: pg.PoolClient): Promise<(() => number) | null> {
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  if (pid === undefined) return null;
  const backend = stat(pid);
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
  if (!backend || !command.startsWith('postgres')) return null;
  const postmaster = backend.parent;
  return () => {
    const root = stat(postmaster);
    let ticks = root ? root.own + root.reaped : 0;
    for (const entry of readdirSafe('/proc')) {
      const child = /^\d+$/.test(entry) ? stat(Number(entry)) : null;
      if (child && child.parent === postmaster) ticks += child.own;
    }
    return ticks / TICKS_PER_SECOND;
  };
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
