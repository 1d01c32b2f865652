// PostgreSQL's client programs (pg_dump, pg_restore) for a database at DATABASE_URL: the first one found
// whose major version is at least the one needed (pg_dump refuses a newer server), on PATH and then
// under /usr/lib/postgresql/*/bin (where Debian installs each major side by side).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgTool {
  path: string;
  major: number;
  version: string;
}

function candidates(name: string): string[] {
  const found: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) found.push(path.join(dir, name));
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const file = path.join(debian, major, 'bin', name);
      if (existsSync(file)) found.push(file);
    }
  }
  return [...new Set(found)];
}

async function versionOf(file: string): Promise<{ major: number; version: string } | undefined> {
  try {
    const { stdout } = await run(file, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
    if (!match) return undefined;
    return { major: Number(match[1]), version: match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}` };
  } catch {
    return undefined;
  }
}

/** The first `name` whose major is ≥ `minMajor`; a sentence naming what is needed and what was found otherwise. */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', minMajor: number, purpose: string): Promise<PgTool> {
  const seen: string[] = [];
  for (const file of candidates(name)) {
    const version = await versionOf(file);
    if (!version) continue;
    if (version.major >= minMajor) return { path: file, ...version };
    seen.push(`${version.version} at ${file}`);
  }
  throw new Error(
    `${name} ${minMajor} or newer is needed ${purpose}, and none was found (${seen.length ? `found only ${seen.join(', ')}` : `no ${name} on PATH or under /usr/lib/postgresql/*/bin`}). ` +
      `Install PostgreSQL ${minMajor}'s client programs (Debian/Ubuntu: apt-get install postgresql-client-${minMajor} from apt.postgresql.org) or put them on PATH.`,
  );
}

/**
 * A connection URL for a client program without its password, and the environment that carries the
 * password instead, so it never shows in the process list.
 */
export function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a client program, its standard error kept for the sentence when it fails. */
export function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool.path, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = stderr.trim().split('\n').slice(-5).join(' / ');
      reject(new Error(`${path.basename(tool.path)} ${tool.version} failed${said ? `: ${said}` : ` (${error.message})`}`));
    });
  });
}
