// The API document without a server or a database: the app is built on a pool that never connects
// (building it only registers the routes; no query runs), its document taken, and the app closed.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';

/** The parts of an operation that the checks of the document read. */
export interface OpenapiOperation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export type OpenapiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OpenapiOperation>> };

export async function buildOpenapiDocument(): Promise<OpenapiDocument> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-openapi-'));
  // Port 1 on the loopback: nothing listens there, and nothing here ever asks.
  const database = createDatabase('postgres://openapi@127.0.0.1:1/openapi', 1);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, db: database.db, logger: false, runDispatcher: false, runJobs: false });
    try {
      await app.ready();
      return app.swagger() as unknown as OpenapiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
