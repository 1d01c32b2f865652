// Debian's own PostgreSQL server, a streaming replica of it and PgBouncer, started as an operator
// would run them in front of the product (ADR 36, 37): each in a temporary folder on a free port, run
// by the `postgres` user (PostgreSQL and PgBouncer refuse root). Used by the server's tests of an
// external database (apps/server/test/external-postgres.ts re-exports it, typed by the .d.mts beside
// this file) and by scripts/cluster-check.mjs, which runs without a build.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** A free TCP port on the loopback address. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function postgresUser() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A folder the `postgres` user owns. */
function folderOfPostgres(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const { uid, gid } = postgresUser();
  chownSync(dir, uid, gid);
  return dir;
}

function asPostgres(command, args) {
  return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Debian's PostgreSQL 15, initialised and started in a temporary folder (`apt-get install postgresql-15`
 * when missing: .ci/run does). With a `password`, clients sign in with it (SCRAM); without, trusted.
 */
export async function startDebianPostgres({ password } = {}) {
  if (!existsSync(path.join(POSTGRES_BIN, 'postgres'))) {
    throw new Error(`Debian's PostgreSQL 15 is needed at ${POSTGRES_BIN}: apt-get install -y postgresql-15 (.ci/run installs it)`);
  }
  const dir = folderOfPostgres('qist-external-pg-');
  const data = path.join(dir, 'data');
  const port = await freePort();
  const auth = ['-A', 'trust'];
  if (password !== undefined) {
    const pwfile = path.join(dir, 'pwfile');
    writeFileSync(pwfile, `${password}\n`);
    const { uid, gid } = postgresUser();
    chownSync(pwfile, uid, gid);
    auth.splice(0, 2, '--auth=scram-sha-256', `--pwfile=${pwfile}`);
  }
  asPostgres(path.join(POSTGRES_BIN, 'initdb'), ['-D', data, '-U', 'postgres', ...auth, '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  startServer(data, dir, port);
  const credentials = password === undefined ? 'postgres' : `postgres:${encodeURIComponent(password)}`;
  const url = (database) => `postgres://${credentials}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
    },
    stop: () => stopServer(data, dir),
  };
}

/** Starts the server of `data` on `port`, its socket and log in `dir`; pg_ctl returns once it takes connections. */
function startServer(data, dir, port, extra = '') {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off ${extra}`.trim();
  asPostgres(path.join(POSTGRES_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
}

/** Stops a server started here at once and removes its folder. */
function stopServer(data, dir) {
  try {
    asPostgres(path.join(POSTGRES_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Asks `look` until it answers true, within a bound: for states PostgreSQL gives no event for (a replay
 * paused, a position replayed). `describe` says, on timeout, what was awaited and where things stood.
 */
async function pollUntil(look, timeoutMs, describe) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (await look()) return;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs one statement on a fresh connection (asked rarely: no pool kept), and returns its rows. */
export async function queryOnce(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A streaming replica of a started server, as an operator makes one: `pg_basebackup -R -X stream`
 * (a copy of the primary with the WAL it needs, and the settings that make it follow the primary),
 * started on a free port as a hot standby, returned once it accepts connections in recovery.
 */
export async function startStreamingReplica(primary) {
  const dir = folderOfPostgres('qist-replica-');
  const data = path.join(dir, 'data');
  const port = await freePort();
  // A fast checkpoint starts the copy at once rather than after a spread one.
  asPostgres(path.join(POSTGRES_BIN, 'pg_basebackup'), ['-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync', '-d', primary.url('postgres')]);
  startServer(data, dir, port, '-c hot_standby=on');
  const url = (database) => primary.url(database).replace(`:${primary.port}/`, `:${port}/`);
  // pg_ctl -w returns once the standby takes connections; it must be one (in recovery), and say so.
  const [state] = await queryOnce(url('postgres'), 'select pg_is_in_recovery() as recovery');
  if (!state?.recovery) throw new Error('the replica started but is not in recovery');
  const replayedLsn = async () => (await queryOnce(url('postgres'), 'select pg_last_wal_replay_lsn()::text as lsn'))[0].lsn;
  let stopped = false;
  return {
    port,
    url,
    async pauseReplay() {
      await queryOnce(url('postgres'), 'select pg_wal_replay_pause()');
      // The pause is requested; replay stops at its next record. Wait for it to have stopped (bounded).
      let paused;
      await pollUntil(
        async () => {
          paused = (await queryOnce(url('postgres'), 'select pg_get_wal_replay_pause_state() as state'))[0]?.state;
          return paused === 'paused';
        },
        10_000,
        () => `the replica's replay did not pause (state ${paused})`,
      );
    },
    async resumeReplay() {
      await queryOnce(url('postgres'), 'select pg_wal_replay_resume()');
    },
    replayedLsn,
    async waitForReplay(lsn, timeoutMs = 10_000) {
      let at;
      await pollUntil(
        async () => {
          const [row] = await queryOnce(
            url('postgres'),
            'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done, pg_last_wal_replay_lsn()::text as at',
            [lsn],
          );
          at = row?.at;
          return row?.done === true;
        },
        timeoutMs,
        () => `the replica did not replay up to ${lsn} within ${timeoutMs} ms (at ${at})`,
      );
    },
    stop() {
      if (stopped) return;
      stopped = true;
      stopServer(data, dir);
    },
  };
}

/**
 * Debian's PgBouncer (1.18 on Debian 12) in transaction mode in front of `server`: each client's
 * transaction (or lone statement) runs on whichever of the database's `poolSize` server connections
 * is free, which is why named statements cannot be kept per client before PgBouncer 1.21.
 */
export async function startPgBouncer(server, { poolSize }) {
  if (!existsSync(PGBOUNCER)) throw new Error(`PgBouncer is not installed (${PGBOUNCER}): run apt-get install -y pgbouncer`);
  const dir = folderOfPostgres('qist-pgbouncer-');
  const port = await freePort();
  const { uid, gid } = postgresUser();
  const users = path.join(dir, 'users.txt');
  writeFileSync(users, '"postgres" ""\n');
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 400',
      'server_reset_query =',
      '',
    ].join('\n'),
  );
  for (const file of [users, ini]) chownSync(file, uid, gid);
  const child = spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  await new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      if (/listening on 127\.0\.0\.1:\d+/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`PgBouncer exited with code ${code} before listening:\n${output}`)));
  });
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
