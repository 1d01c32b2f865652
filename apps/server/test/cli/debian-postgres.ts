// Debian's PostgreSQL 15 (package postgresql), started for one test file in a temporary folder on a free
// port: the external database a deployment points DATABASE_URL at. Run as root, it runs as the
// 'postgres' user (PostgreSQL refuses root). Missing, the test fails saying what to install.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';

export interface DebianPostgres {
  /** URL of database `name` on the server (created empty). */
  url(name: string): string;
  createDatabase(name: string): void;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  if (!existsSync(path.join(DEBIAN_PG_BIN, 'pg_ctl'))) {
    throw new Error(`Debian's PostgreSQL 15 is needed at ${DEBIAN_PG_BIN} for this test: apt-get install postgresql (.ci/run installs it)`);
  }
  const isRoot = userInfo().uid === 0;
  const asOwner = (program: string, args: string[]) =>
    isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(DEBIAN_PG_BIN, program), ...args], { stdio: 'pipe' }) : execFileSync(path.join(DEBIAN_PG_BIN, program), args, { stdio: 'pipe' });
  const root = mkdtempSync(path.join(tmpdir(), 'qist-pg15-'));
  const password = 'external-secret-42';
  writeFileSync(path.join(root, 'pwfile'), `${password}\n`);
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
    chownSync(path.join(root, 'pwfile'), uid, gid);
  }
  const data = path.join(root, 'data');
  asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${path.join(root, 'pwfile')}`, '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  asOwner('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off`, 'start']);
  const url = (name: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
  return {
    url,
    createDatabase(name) {
      execFileSync(path.join(DEBIAN_PG_BIN, 'psql'), ['--no-psqlrc', '-q', '-d', url('postgres'), '-c', `create database ${name}`], { stdio: 'pipe' });
    },
    stop() {
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
