// The backup file (docs/decisions/0034-backups.md): a gzip'd tar holding the database part, the uploaded
// files under uploads/, the DATA_DIR secrets the data depends on, and manifest.json last (it counts what
// came before it). Written entry by entry with flat memory into FILE.partial, renamed to FILE only once
// whole and synced; read in two passes, the first checking everything before the second writes anything.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, opendir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { Header, list, type HeaderData } from 'tar';
import { z } from 'zod';

export const BACKUP_FORMAT = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The database part of a pg_dump backup: one custom-format archive. */
export const DUMP_NAME = 'database.dump';
/** Where a physical backup keeps the PostgreSQL data directory (DATA_DIR/postgres). */
export const PHYSICAL_DIR = 'postgres';
export const UPLOADS_DIR = 'uploads';
/** DATA_DIR files the data depends on: the embedded server's password, the key of signed callbacks and sessions. */
export const DATA_DIR_FILES = ['postgres-credentials.json', 'session-secret'] as const;

const count = z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  method: z.enum(['pg_dump', 'physical']),
  /** The server the database part came from, e.g. 18.4 and 180004. */
  serverVersion: z.string(),
  serverVersionNum: z.number().int(),
  /** The pg_dump that wrote database.dump (pg_dump backups). */
  pgDumpVersion: z.string().optional(),
  currency: z.string().nullable(),
  /** Migrations the database had: a product older than that cannot run it. */
  migrations: z.number().int().nonnegative(),
  database: count,
  uploads: count,
  /** First and last WAL segment copied (physical backups). */
  wal: z.object({ first: z.string(), last: z.string(), segments: z.number().int().positive() }).optional(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const ZEROS = Buffer.alloc(64 * 1024);
const BLOCK = 512;

export class ArchiveWriter {
  readonly partial: string;
  readonly #gzip: Gzip;
  readonly #done: Promise<void>;
  #bytes = 0;
  #failure: Error | undefined;

  private constructor(
    readonly file: string,
    gzip: Gzip,
    out: WriteStream,
  ) {
    this.partial = `${file}.partial`;
    this.#gzip = gzip;
    this.#done = pipeline(gzip, out);
    // An error surfaces through #write or finish().
    this.#done.catch((error: unknown) => {
      this.#failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  /** Starts FILE.partial (mode 0600: the file holds password hashes and KYC documents). */
  static create(file: string): ArchiveWriter {
    const out = createWriteStream(`${file}.partial`, { mode: 0o600 });
    return new ArchiveWriter(file, createGzip({ level: 6 }), out);
  }

  /** Bytes of tar written (before compression). */
  get tarBytes(): number {
    return this.#bytes;
  }

  async #write(chunk: Buffer): Promise<void> {
    if (this.#failure) throw this.#failure;
    this.#bytes += chunk.length;
    // A failing disk (full, gone) ends the pipeline: it rejects the wait as well.
    if (!this.#gzip.write(chunk)) await Promise.race([once(this.#gzip, 'drain'), this.#done]);
  }

  async #header(data: HeaderData): Promise<void> {
    const header = new Header({ uid: 0, gid: 0, ...data });
    header.encode();
    if (header.needPax || !header.block) throw new Error(`name too long for the backup file: ${String(data.path)}`);
    await this.#write(header.block);
  }

  async #pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.#write(ZEROS.subarray(0, BLOCK - rest));
  }

  async addDirectory(name: string, mode = 0o700, mtime = new Date()): Promise<void> {
    await this.#header({ path: name.endsWith('/') ? name : `${name}/`, mode, size: 0, mtime, type: 'Directory' });
  }

  async addBuffer(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.#header({ path: name, mode, size: data.length, mtime: new Date(), type: 'File' });
    await this.#write(data);
    await this.#pad(data.length);
  }

  /**
   * Copies a file whose size is taken when it is opened. A file that changes while it is read (a
   * relation being written or truncated during a physical backup) is cut to that size or padded with
   * zeros, as PostgreSQL's own base backup does: WAL replay puts such pages right. Returns the bytes
   * copied, or undefined when the file vanished before it was opened.
   */
  async addFile(name: string, source: string): Promise<number | undefined> {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const stat = await handle.stat();
      const size = stat.size;
      await this.#header({ path: name, mode: stat.mode & 0o7777, size, mtime: stat.mtime, type: 'File' });
      let done = 0;
      while (done < size) {
        const buffer = Buffer.allocUnsafe(Math.min(256 * 1024, size - done));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, done);
        if (bytesRead === 0) break; // shrank while being read
        await this.#write(buffer.subarray(0, bytesRead));
        done += bytesRead;
      }
      while (done < size) {
        const zeros = ZEROS.subarray(0, Math.min(ZEROS.length, size - done));
        await this.#write(zeros);
        done += zeros.length;
      }
      await this.#pad(size);
      return size;
    } finally {
      await handle.close();
    }
  }

  /** Ends the tar, syncs FILE.partial to disk and renames it FILE. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(2 * BLOCK));
    this.#gzip.end();
    await this.#done;
    const handle = await open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partial, this.file);
    const dir = await open(path.dirname(path.resolve(this.file)), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  /** Drops FILE.partial after a failure: nothing that looks like a whole backup is left. */
  async abort(): Promise<void> {
    this.#gzip.destroy();
    await this.#done.catch(() => {});
    await rm(this.partial, { force: true });
  }
}

/** Every regular file under `dir` (recursively, streamed: folders may hold very many files), as paths relative to it. */
export async function* walkFiles(dir: string, relative = ''): AsyncGenerator<{ relative: string; full: string; isDirectory: boolean; isSymbolicLink: boolean }> {
  let handle;
  try {
    handle = await opendir(path.join(dir, relative));
  } catch (error) {
    // A folder removed while it is walked (a dropped database's, a temporary one) was never needed.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of handle) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    const full = path.join(dir, rel);
    yield { relative: rel, full, isDirectory: entry.isDirectory(), isSymbolicLink: entry.isSymbolicLink() };
    if (entry.isDirectory()) yield* walkFiles(dir, rel);
  }
}

/** Copies every file under `dir` into the archive under `prefix/`; returns how many and their bytes. */
export async function addTree(writer: ArchiveWriter, dir: string, prefix: string): Promise<{ files: number; bytes: number }> {
  const total = { files: 0, bytes: 0 };
  await writer.addDirectory(prefix);
  for await (const entry of walkFiles(dir)) {
    if (entry.isDirectory) {
      await writer.addDirectory(`${prefix}/${entry.relative}`);
    } else if (!entry.isSymbolicLink) {
      const bytes = await writer.addFile(`${prefix}/${entry.relative}`, entry.full);
      if (bytes !== undefined) {
        total.files += 1;
        total.bytes += bytes;
      }
    }
  }
  return total;
}

export interface ArchiveSummary {
  manifest: BackupManifest;
  /** What the archive holds besides the manifest, as counted while reading it. */
  entries: Set<string>;
  uploads: { files: number; bytes: number };
  database: { files: number; bytes: number };
}

/**
 * Reads the whole file once without writing anything: the gzip checksum, the tar structure, the
 * manifest (a format this product knows) and the counts it declares. A truncated or altered file is
 * refused here, before a restore touches DATA_DIR or the database.
 */
export async function readArchiveSummary(file: string): Promise<ArchiveSummary> {
  const chunks: Buffer[] = [];
  let sawManifest = false;
  const uploads = { files: 0, bytes: 0 };
  const database = { files: 0, bytes: 0 };
  const entries = new Set<string>();
  await list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      const name = entry.path.replace(/\/$/, '');
      if (name === MANIFEST_NAME) {
        sawManifest = true;
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        return;
      }
      if (entry.type === 'File') {
        const top = name.split('/')[0];
        entries.add(top === name ? name : `${top}/`);
        if (top === UPLOADS_DIR) {
          uploads.files += 1;
          uploads.bytes += entry.size;
        } else if (top === PHYSICAL_DIR || name === DUMP_NAME) {
          database.files += 1;
          database.bytes += entry.size;
        }
      }
    },
  }).catch((error: unknown) => {
    throw new Error(`${file} is not a whole backup file (${error instanceof Error ? error.message : String(error)})`);
  });
  if (!sawManifest) throw new Error(`${file} has no ${MANIFEST_NAME}: it is not a backup made by npm run backup, or it was cut short`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Error(`${file}: its ${MANIFEST_NAME} is not JSON`);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) {
    throw new Error(`${file}: backup format ${JSON.stringify(format)} is not one this version reads (it reads format ${BACKUP_FORMAT})`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new Error(`${file}: its ${MANIFEST_NAME} is not one this version knows (${manifest.error.issues[0]?.message ?? 'invalid'})`);
  const declared = manifest.data;
  if (declared.uploads.files !== uploads.files || declared.uploads.bytes !== uploads.bytes) {
    throw new Error(`${file}: the manifest declares ${declared.uploads.files} uploaded files, the file holds ${uploads.files}`);
  }
  if (declared.database.files !== database.files || declared.database.bytes !== database.bytes) {
    throw new Error(`${file}: the manifest declares ${declared.database.files} database files, the file holds ${database.files}`);
  }
  return { manifest: declared, entries, uploads, database };
}
