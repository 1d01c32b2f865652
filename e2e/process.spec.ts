// The server process itself: a hard kill loses nothing, a restart finds and stops the orphaned
// PostgreSQL, the user:create command works beside a running server, and SIGTERM stops everything.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from './server-process';
import { DEMO_TOTP_SECRET, stepAt, totpCode, uniqueEmail } from './support';

const USER_CREATE = path.resolve('apps/server/dist/cli/user-create.js');

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function post(base: string, url: string, payload: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as { status: boolean; content?: any; msg?: string } };
}

/** What `auth/me` answers for a session on one server: 200 while it lives, 401 once it ended. */
async function meStatus(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

test('a hard kill loses nothing and the next start reclaims the data folder', async () => {
  test.slow();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-restart-'));
  try {
    const first = await startServer(dataDir);
    const email = uniqueEmail('survivor');
    const registered = await post(first.base, '/api/v1/auth/register', {
      email,
      password: 'sturdy-ledger-42',
      role: 'sme',
      code: 'SME-DEMO-CODE',
    });
    expect(registered.body.content['user-role']).toBe('sme');

    // The command beside a running server uses the server's PostgreSQL and leaves it running.
    const bankEmail = uniqueEmail('bank');
    const created = spawnSync(process.execPath, [USER_CREATE, '--role', 'bank', '--email', bankEmail, '--password', 'sturdy-ledger-42'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain(`created bank account ${bankEmail}`);
    const bankLogin = await post(first.base, '/api/v1/auth/login', { email: bankEmail, password: 'sturdy-ledger-42' });
    expect(bankLogin.body.content['user-role']).toBe('bank');

    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeDefined();
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(isAlive(orphan!)).toBe(true);

    const second = await startServer(dataDir);
    expect(isAlive(orphan!)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    const login = await post(second.base, '/api/v1/auth/login', { email, password: 'sturdy-ledger-42' });
    expect(login.status).toBe(200);
    expect(login.body.content.user).toMatchObject({ level: 0, auth_id: { email } });
    const admin = await post(second.base, '/api/v1/auth/login', { email: 'admin@example.com', password: 'demo12345' });
    // The demo admin (two-step sign-in on): its password leads to the code step, then the session. This
    // server has a database of its own, where no code of the demo secret was used yet: the current one.
    const verified = await post(second.base, '/api/v1/auth/mfa/verify', { mfaToken: admin.body.content.mfaToken, code: totpCode(DEMO_TOTP_SECRET, stepAt()) });
    expect(verified.body.content['user-role']).toBe('admin');

    const running = postmasterPid(dataDir)!;
    const exitCode = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(isAlive(running)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('with DATABASE_URL the server uses that PostgreSQL and starts none of its own', async () => {
  test.slow();
  const embeddedDir = mkdtempSync(path.join(tmpdir(), 'qist-embedded-'));
  const externalDir = mkdtempSync(path.join(tmpdir(), 'qist-external-'));
  const servers: ChildProcess[] = [];
  try {
    // Processes of one deployment share its SESSION_SECRET (each would otherwise make its own in its
    // DATA_DIR, and one's tokens would mean nothing to the other).
    const shared = { SESSION_SECRET: `e2e-shared-session-secret-${Date.now()}-0123456789` };
    const owner = await startServer(embeddedDir, shared);
    servers.push(owner.child);
    // The first server's PostgreSQL stands in for an external one.
    const { user, password } = JSON.parse(readFileSync(path.join(embeddedDir, 'postgres-credentials.json'), 'utf8'));
    const pgPort = readFileSync(path.join(embeddedDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
    const url = `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/qist`;

    const external = await startServer(externalDir, { ...shared, DATABASE_URL: url });
    servers.push(external.child);
    expect(existsSync(path.join(externalDir, 'postgres'))).toBe(false);

    const email = uniqueEmail('external');
    const registered = await post(external.base, '/api/v1/auth/register', { email, password: 'sturdy-ledger-42', role: 'provider', code: 'SUPPLIER-DEMO-CODE' });
    expect(registered.body.content['user-role']).toBe('provider');
    // Seen through the other server: one database.
    const login = await post(owner.base, '/api/v1/auth/login', { email, password: 'sturdy-ledger-42' });
    expect(login.body.content.user.auth_id.email).toBe(email);

    // Two API processes, one database: a session ended through one is refused by the other at once,
    // including a session the other has just served (nothing about sessions is kept in a process).
    const kept = login.body.content.token as string;
    const elsewhere = (await post(external.base, '/api/v1/auth/login', { email, password: 'sturdy-ledger-42' })).body.content.token as string;
    // Each process serves the other's session first: both are alive everywhere.
    for (const base of [owner.base, external.base]) {
      expect(await meStatus(base, elsewhere)).toBe(200);
      expect(await meStatus(base, kept)).toBe(200);
    }
    const changed = await post(owner.base, '/api/v1/auth/password/change', { currentPassword: 'sturdy-ledger-42', newPassword: 'another-ledger-43' }, kept);
    expect(changed).toEqual({ status: 200, body: { status: true, content: {} } });
    expect(await meStatus(external.base, elsewhere)).toBe(401);
    expect(await meStatus(owner.base, elsewhere)).toBe(401);
    expect(await meStatus(external.base, kept)).toBe(200);
    // Signing out through the second ends it for the first too.
    expect((await post(external.base, '/api/v1/auth/logout', {}, kept)).status).toBe(200);
    expect(await meStatus(owner.base, kept)).toBe(401);
  } finally {
    for (const child of servers.reverse()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(embeddedDir, { recursive: true, force: true });
    rmSync(externalDir, { recursive: true, force: true });
  }
});
