// What the benches at scale share: seeding a kept data folder with `npm run seed:scale`'s CLI once, a
// process's memory figures from /proc, and a download read as fast as the client can.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * Seeds `dataDir` (its marker `seeded.json` says with what) through the built CLI, unless an earlier run
 * did; `env` points at the database. Resolves `{ seconds }` (null when the data was there already).
 */
export async function seedOnce({ distDir, dataDir, env, args, output = 'inherit' }) {
  const mark = path.join(dataDir, 'seeded.json');
  if (existsSync(mark)) {
    console.log(`reusing the data in ${dataDir} (${readFileSync(mark, 'utf8')})`);
    return { seconds: null };
  }
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(distDir, 'cli/seed-scale.js'), ...args], { env, stdio: ['ignore', output, output] });
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`seed:scale ${args.join(' ')} failed (exit ${code})`);
  writeFileSync(mark, JSON.stringify({ args }));
  return { seconds: (Date.now() - started) / 1000 };
}

/** A process's memory figure from /proc/<pid>/status (VmRSS, VmHWM), in MiB. */
export function memoryMiB(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** One download, read as fast as the client can; counts bytes and, when plain, lines. */
export function download(base, pathname, token, encoding) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        if (encoding === 'identity') for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, encoding: response.headers['content-encoding'] ?? 'identity', bytes, lines, seconds: Number(process.hrtime.bigint() - started) / 1e9 }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
