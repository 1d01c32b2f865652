// Starts one embedded PostgreSQL for the whole run and migrates a template database that
// every test file clones (CREATE DATABASE … TEMPLATE), so each file gets a fresh database fast.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';

export const TEMPLATE_DATABASE = 'qist_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateUrl: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'qist-test-pg-'));
  embedded = await startEmbeddedPostgres({ dataDir, database: TEMPLATE_DATABASE });
  const template = createDatabase(embedded.url, 1);
  try {
    await runMigrations(template.db);
  } finally {
    await template.close();
  }
  project.provide('pgAdminUrl', embedded.adminUrl);
  project.provide('pgTemplateUrl', embedded.url);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
