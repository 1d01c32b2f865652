// Types of scripts/lib/server-process.mjs, for the TypeScript tests that import it.
import type { ChildProcess } from 'node:child_process';
import type http from 'node:http';

export const repoRoot: string;
export const serverDist: string;

export interface RunningServer {
  child: ChildProcess;
  /** Everything the process tree wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the match once the output holds `pattern` after `from` (a position in output()). */
  waitForOutput(pattern: RegExp, from?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (or signal) once the primary has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startServer(env: Record<string, string>): RunningServer;

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export function request(
  port: number,
  method: string,
  url: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
): Promise<Answer>;

export function pidsAnswering(output: string, marker: string): Set<number>;

export function isAlive(pid: number): boolean;
