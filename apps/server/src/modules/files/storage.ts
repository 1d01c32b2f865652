// Where uploaded files live: a local folder (DATA_DIR/uploads) under generated names.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../lib/file-storage.js';

export type { FileStorage };

const SAFE_NAME = /^[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;

export function createLocalStorage(dir: string): FileStorage {
  const pathOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async save(bytes, ext) {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      await writeFile(pathOf(name), bytes, { flag: 'wx', mode: 0o600 });
      return name;
    },
    async read(name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
