// Whether the embedded server in a DATA_DIR belongs to a live process of ours (reuse it) or was left by
// one killed outright (stop it): a command-line tool run beside the app must never stop the app's
// server. Node.js 24 names its process "MainThread", so the owner is told by its executable.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRunningServer, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-owner-'));
// Run as root, the server runs as the 'postgres' user, which must reach its folder in here.
chmodSync(dataDir, 0o711);
let embedded: EmbeddedDatabase | undefined;

afterAll(async () => {
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded server of a DATA_DIR', () => {
  it('is found owned while this Node.js process runs it, and none once it stopped', async () => {
    expect(findRunningServer(path.join(dataDir, 'postgres'))).toEqual({ state: 'none' });
    embedded = await startEmbeddedPostgres({ dataDir });
    const running = findRunningServer(path.join(dataDir, 'postgres'));
    expect(running).toMatchObject({ state: 'owned', port: Number(new URL(embedded.url).port) });
    // A second start on the same folder (a tool beside the app) reuses it rather than stopping it.
    const beside = await startEmbeddedPostgres({ dataDir });
    expect(beside.url).toBe(embedded.url);
    await beside.stop();
    expect(findRunningServer(path.join(dataDir, 'postgres'))).toMatchObject({ state: 'owned' });
    await embedded.stop();
    embedded = undefined;
    expect(findRunningServer(path.join(dataDir, 'postgres'))).toEqual({ state: 'none' });
  });
});
