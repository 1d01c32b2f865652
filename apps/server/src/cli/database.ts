// What every command-line tool does around its work: the product's configuration, its database
// (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR: the running app's, when it is up), a pool of
// `connections`, and on the way out, whatever happened, the pool closed, the embedded server stopped
// if the tool started it, and the process ended with the work's exit code (1 when it threw).
import { loadConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';

export async function runWithDatabase(
  { connections, onError }: { connections: number; onError: (error: unknown) => void },
  work: (database: Database, config: Config) => Promise<number>,
  config: Config = loadConfig(),
): Promise<never> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const database = createDatabase(config.databaseUrl ?? embedded!.url, connections, { preparedStatements: config.databasePreparedStatements });
  let exitCode = 1;
  try {
    exitCode = await work(database, config);
  } catch (error) {
    onError(error);
  } finally {
    await database.close();
    await embedded?.stop();
  }
  process.exit(exitCode);
}

/** The database's own sentence behind an error (the query layer wraps it), for a tool that could not read it. */
export function databaseSentence(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
