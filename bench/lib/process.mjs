// What every bench needs around the processes it runs: waiting for a condition, stopping a child
// cleanly, percentiles, and CPU seconds read from /proc (a process, or the whole PostgreSQL server).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The q-quantile (0..1) of an ascending array, nearest rank; NaN when empty. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Polls `check` every 50 ms until it returns something truthy, which it returns. */
export async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the child has exited. */
export async function stopChild(child, name) {
  if (!child || exited(child)) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn(`${name} did not stop within 15 s; killing it`);
    child.kill('SIGKILL');
  }, 15_000);
  await done;
  clearTimeout(timer);
}

export const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process from /proc; with `reaped`, also its waited-for children's. */
export function cpuSeconds(pid, reaped = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
    const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids whose parent is `pid` (from /proc). */
export function childPids(pid) {
  const children = [];
  if (!existsSync('/proc')) return children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/**
 * CPU seconds of the product: its process and, with WEB_CONCURRENCY above 1, its live workers (the
 * primary's children) and the workers that ended. The benches give the product a DATABASE_URL, so no
 * PostgreSQL runs below it.
 */
export function productCpuSeconds(pid) {
  return cpuSeconds(pid, true) + childPids(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);
}

/** CPU seconds of the whole PostgreSQL server: the postmaster, its live backends and those that ended. */
export function postgresCpuSeconds(postmasterPid) {
  if (!postmasterPid || !existsSync('/proc')) return 0;
  let total = cpuSeconds(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) total += cpuSeconds(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Starts the built product (`distDir`/main.js, on a port of its choosing) with its output appended to
 * `logFile`, and resolves once it serves: `{ child, port }`. A product that exits first rejects with its log.
 */
export async function startProduct({ distDir, env, logFile, nodeArgs = [] }) {
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, path.join(distDir, 'main.js')], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const port = await waitFor(() => {
    if (exited(child)) throw new Error(`the product exited:\n${readFileSync(logFile, 'utf8')}`);
    const match = /serving on http:\/\/localhost:(\d+)/.exec(readFileSync(logFile, 'utf8'));
    return match ? Number(match[1]) : undefined;
  }, 'the product to listen', 180_000);
  return { child, port };
}
