// Runs one of the product's command-line tools (src/cli) as its own process, through tsx, with the
// environment given (on top of this process's, without a DATABASE_URL unless given).
import { execFile } from 'node:child_process';
import path from 'node:path';

const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

export function runCli(tool: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const cli = path.resolve(import.meta.dirname, `../../src/cli/${tool}.ts`);
  const base = { ...process.env };
  delete base.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...base, LOG_LEVEL: 'silent', ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, out, err) =>
      resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, out, err }),
    );
  });
}
