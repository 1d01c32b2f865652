// Refuses an install that holds a package whose `engines.node` does not accept the running
// Node.js, and a root `engines` range that leaves out a supported major. The product runs on
// every Node.js line named in SUPPORTED_MAJORS; a dependency that quietly needs a newer one
// would work on a developer's machine and fail on a server still on the oldest.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

export const SUPPORTED_MAJORS = [20, 22, 24];

const root = fileURLToPath(new URL('..', import.meta.url));

function readManifest(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every installed package folder below a node_modules folder, nested ones included. */
function* packageFolders(modules) {
  let entries;
  try {
    entries = readdirSync(modules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      yield* packageFolders(dir);
      continue;
    }
    yield dir;
    yield* packageFolders(path.join(dir, 'node_modules'));
  }
}

export function findRefusals(nodeVersion, folders) {
  const refusals = [];
  for (const dir of folders) {
    const manifest = readManifest(dir);
    const range = manifest?.engines?.node;
    if (typeof range !== 'string' || !semver.validRange(range)) continue;
    if (!semver.satisfies(nodeVersion, range, { includePrerelease: true })) {
      refusals.push(`${manifest.name}@${manifest.version} needs node ${range} (${path.relative(root, dir)})`);
    }
  }
  return refusals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = [];
  const rootRange = readManifest(root)?.engines?.node;
  for (const major of SUPPORTED_MAJORS) {
    const lowest = semver.minVersion(`^${major}`)?.version;
    const latest = `${major}.99.0`;
    if (!rootRange || !semver.satisfies(latest, rootRange)) {
      problems.push(`package.json engines.node (${rootRange}) leaves out Node.js ${major} (${lowest} and later)`);
    }
  }
  const folders = [
    ...packageFolders(path.join(root, 'node_modules')),
    ...['apps/server', 'apps/web', 'packages/domain'].flatMap((ws) => [...packageFolders(path.join(root, ws, 'node_modules'))]),
  ];
  problems.push(...findRefusals(process.version, folders));
  if (problems.length) {
    console.error(`Node.js ${process.version}: ${problems.length} problem(s) with engines:`);
    for (const line of problems) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`Node.js ${process.version}: all ${folders.length} installed packages accept it; engines.node is "${rootRange}"`);
}
