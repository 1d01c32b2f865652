// npm run openapi [-- <file>]: writes the API document (OpenAPI 3.0, JSON) to the file, by default
// .test-output/openapi.json, without starting a server or a database.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenapiDocument } from '../openapi/offline.js';

const file = path.resolve(process.argv[2] ?? '.test-output/openapi.json');
const document = await buildOpenapiDocument();
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
console.log(`wrote the API document (${operations} operations) to ${path.relative(process.cwd(), file) || file}`);
