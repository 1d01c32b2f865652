// Debian's PostgreSQL 15, a streaming replica and PgBouncer for the tests of an external database
// (ADR 36, 37): one module, shared with scripts/cluster-check.mjs, which runs without a build.
export {
  freePort,
  queryOnce,
  startDebianPostgres,
  startPgBouncer,
  startStreamingReplica,
  type ExternalPostgres,
  type Pooler,
  type StreamingReplica,
} from '../../../scripts/lib/external-postgres.mjs';
