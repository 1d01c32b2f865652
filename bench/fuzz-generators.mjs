// The API fuzz: request generators built from the OpenAPI document, two ways to send a request
// (app.inject, or raw bytes over a TCP socket to a listening server) and the checks every answer
// must pass. Used by apps/server/test/security/fuzz.test.ts (a few thousand requests in the test run)
// and bench/fuzz.mjs (as many as asked, against the built server). Plain JavaScript so that the
// bench runs it without a build; bench/fuzz-generators.d.mts types it for the test.
import net from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';

export const DEFAULT_SEED = 20261123;

/** Who sends a request: nobody, a valid session of each role, or a token that must not open one. */
export const FUZZ_CALLERS = [
  'anonymous',
  'sme',
  'smeEarly',
  'provider',
  'providerEarly',
  'admin',
  'bank',
  'insurance',
  // signed with the real secret, but naming no session: a malformed or NUL session id, an expired one
  'malformedSid',
  'nulSid',
  'expired',
  // a real token with its signature changed, and one whose session was logged out
  'forged',
  'revoked',
];

const VALID_CALLERS = ['sme', 'smeEarly', 'provider', 'providerEarly', 'admin', 'bank', 'insurance'];
const BAD_TOKEN_CALLERS = ['malformedSid', 'nulSid', 'expired', 'forged', 'revoked'];

/**
 * Tokens that carry the server's signature but must be refused: `sign(claims, secret)` is the
 * server's own signer, `validToken` any live token (its signature is altered for 'forged').
 */
export function craftedTokens(sign, secret, validToken) {
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  const [payload, signature] = validToken.split('.');
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  return {
    malformedSid: sign({ sid: 'not-a-session-id', exp: inAnHour }, secret),
    nulSid: sign({ sid: '00000000-0000-4000-8000-00000000000\u0000', exp: inAnHour }, secret),
    expired: sign({ sid: '00000000-0000-4000-8000-000000000000', exp: Math.floor(Date.now() / 1000) - 60 }, secret),
    forged: `${payload}.${flipped}`,
  };
}

// ---------------------------------------------------------------- routes

/** The /api routes of an OpenAPI document: method, path template, parameters and JSON body schema. */
export function routesOf(document) {
  const routes = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: content['application/json']?.schema,
        // The upload routes declare no JSON body; their summary names the multipart form.
        multipart: Boolean(content['multipart/form-data']) || /multipart/i.test(operation.summary ?? ''),
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

// ---------------------------------------------------------------- values

const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  '%00',
  '%C0%AE%C0%AE',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%',
  '%zz',
  '%E0%A4%A',
  '\u202Egnp.exe',
  '\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFF',
  '\uD800',
  'ﷺ𒐫𝕏😀',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\nX-Injected: 1',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
];

/** Numbers JSON.stringify cannot write: they go into the body text as they are. */
const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '0.0000000000000000000000001', '-0', '1E400', '9007199254740993'];
const RAW_MARK = '\u0000raw:';

const longString = fc
  .tuple(fc.constantFrom(101, 256, 1_000, 10_000, 70_000), fc.constantFrom('A', 'é', '😀', '\u0000', '%', '/'))
  .map(([n, unit]) => unit.repeat(n));

/** NUL bytes anywhere in otherwise ordinary text: PostgreSQL refuses them in text columns. */
const nulString = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);

export const nastyString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: nulString },
  { weight: 2, arbitrary: longString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, -0.5, 0.001, -0.001, 1e-7, 0.1 + 0.2, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(...RAW_NUMBERS).map((n) => `${RAW_MARK}${n}`),
);

/** A JSON value `depth` levels deep, as body text (so no recursion limit of ours is hit building it). */
function deepText(depth, kind) {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const deepValue = fc
  .tuple(fc.constantFrom(64, 1_000, 20_000), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => `${RAW_MARK}${deepText(depth, kind)}`);

/** A value of the wrong kind for any field. */
export const nastyValue = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, { __proto__: null, constructor: { prototype: { polluted: 1 } } }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Values the server knows (ids of real SMEs, suppliers, documents and categories; stored file
 * names), so that generated requests reach past the "not found" of random ids.
 */
const NO_KNOWN = { uuids: [], files: [] };

/** A uuid: a random one, or one the server knows. */
function uuidOf(known) {
  return known.uuids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...known.uuids)) : fc.uuid();
}

/** A value that fits a JSON schema (as @fastify/swagger writes zod's), with each field sometimes replaced by a nasty one. */
export function valueOf(schema = {}, depth = 0, known = NO_KNOWN) {
  const good = fitting(schema, depth, known);
  return fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: nastyValue });
}

function fitting(schema, depth, known) {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length) return fc.oneof(...variants.map((s) => fitting(s, depth, known)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return uuidOf(known);
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = Math.min(schema.minLength ?? 0, 20);
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
      // Text of a fitting length that carries a NUL or another control character.
      if (maxLength === 0) return fc.constant('');
      const sneaky = fc
        .tuple(fc.string({ minLength: Math.max(1, minLength), maxLength }), fc.constantFrom('\u0000', '\u0000', '\u0000', '\u0001', '\u001b', '\u007f', '\u202e'), fc.nat())
        .map(([text, control, at]) => {
          const i = at % text.length;
          return `${text.slice(0, i)}${control}${text.slice(i + 1)}`;
        });
      return fc.oneof({ weight: 2, arbitrary: fc.string({ minLength, maxLength }) }, { weight: 1, arbitrary: sneaky });
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1000, -1e9);
      const max = Math.max(min, Math.min(schema.maximum ?? 1000, 1e9));
      return type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(valueOf(schema.items ?? {}, depth + 1, known), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueOf(s, depth + 1, known)]));
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = fc.record(model, { requiredKeys: required });
      // Sometimes a required field goes missing, and sometimes an unknown one comes along.
      const drop = fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...(required.length ? required : ['none'])) });
      const extra = fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', '$where', ''), nastyValue) });
      return fc
        .tuple(record, drop, extra)
        .map(([value, drop, extra]) => {
          const copy = { ...value };
          if (drop !== null) delete copy[drop];
          if (extra !== null) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
          return copy;
        });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** JSON text of a value, with the raw marks written as they are. */
export function jsonText(value) {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0000raw:((?:[^"\\]|\\.)*)"/g, (_m, raw) => JSON.parse(`"${raw}"`));
}

// ---------------------------------------------------------------- URLs

function encodeSegment(value) {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: its UTF-8-like bytes, which no decoder accepts.
    return '%ED%A0%80';
  }
}

/** Already percent-encoded segments that decoders and routers trip over. */
const RAW_SEGMENTS = ['%00', 'a%00b', '%C0%AE%C0%AE', '%C0%AF', '%', '%zz', '%E0%A4%A', '..', '.', '%2e%2e', '%2F', '%252F', '%FF', '%u0041', '%0d%0aX-Injected:%201', ''];

function segmentFor(param, known) {
  const good = fitting(param.name === 'id' ? { type: 'string', format: 'uuid' } : param.schema, 0, known).map((v) => encodeSegment(String(v)));
  const fileLike = fc.tuple(fc.uuid(), fc.constantFrom('png', 'pdf', 'jpg', 'webp', 'PNG', 'png%00.txt', 'exe')).map(([id, ext]) => `${id}.${ext}`);
  const entries = [
    { weight: 8, arbitrary: good },
    { weight: 2, arbitrary: fileLike },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: good.map((v) => `${v}%00`) },
    { weight: 2, arbitrary: nastyString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(101, 500, 5_000).map((n) => 'a'.repeat(n)) },
  ];
  if (param.name === 'file' && known.files.length) entries.push({ weight: 5, arbitrary: fc.constantFrom(...known.files) });
  return fc.oneof(...entries);
}

function queryFor(route, known) {
  const declared = route.query.map((p) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      fc.oneof(
        { weight: 3, arbitrary: fitting(p.schema, 0, known).map((v) => `${p.name}=${encodeSegment(String(v))}`) },
        { weight: 2, arbitrary: nastyString.map((v) => `${p.name}=${encodeSegment(v)}`) },
        { weight: 1, arbitrary: fc.constantFrom('%', '%00', '-1', '0', '1e999', '99999999999999999999', '1.5', '[]', 'a&a=b').map((v) => `${p.name}=${v}`) },
        { weight: 1, arbitrary: fc.constant(`${p.name}=1&${p.name}=2`) },
        { weight: 1, arbitrary: fc.constant(`${p.name}[]=1`) },
      ),
    ),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    fc.constantFrom('__proto__[polluted]=1', 'constructor[prototype][x]=1', 'a=%00', '%=%', '&&&', 'x='.concat('y'.repeat(5_000)), 'sig=&exp=', 'exp=99999999999&sig=AAAA'),
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => {
    const all = [...parts, more].filter((p) => p !== null);
    return all.length ? `?${all.join('&')}` : '';
  });
}

function urlFor(route, known) {
  const segments = route.pathParams.map((p) => segmentFor(p, known).map((value) => [p.name, value]));
  const tweak = fc.oneof({ weight: 12, arbitrary: fc.constant('') }, fc.constantFrom('/', '//', '/..', '%00', ';x=1', '/./', '#frag', '?'));
  return fc.tuple(fc.tuple(...segments), queryFor(route, known), tweak, fc.boolean()).map(([values, query, after, upper]) => {
    let path = route.path;
    for (const [name, value] of values) path = path.replace(`{${name}}`, value);
    if (upper && after === '/') path = path.toUpperCase();
    return `${path}${after}${query}`;
  });
}

const unknownUrl = fc
  .tuple(
    fc.constantFrom('/api', '/api/', '/api/v1', '/api/v1/', '/api/v2/auth/me', '/api/v1/admin', '/api/v1/sme', '/api/../api/health', '/api//v1/auth/me', '/API/health', '/api/health/..%2F..%2F'),
    fc.array(nastyString.map(encodeSegment), { maxLength: 3 }),
  )
  .map(([base, rest]) => [base, ...rest].join('/'));

// ---------------------------------------------------------------- bodies

const SAMPLE_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe0dc7f5f20000000049454e44ae426082', 'hex');

function multipartBody(parts, boundary, { close = true, truncateTo } = {}) {
  const chunks = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const whole = Buffer.concat(chunks);
  return truncateTo === undefined ? whole : whole.subarray(0, Math.floor(whole.length * truncateTo));
}

const multipartPart = fc.oneof(
  fc.tuple(fc.constantFrom('title', 'desc', 'description', 'x', '', 'a"b', 'title\u0000'), fc.oneof(fc.constantFrom('CR license', 'Article of association'), nastyString)).map(([name, value]) => ({ name, value })),
  fc
    .tuple(
      fc.constantFrom('smeDoc', 'providerDoc', 'file', 'other'),
      fc.constantFrom('scan.png', '../../x.png', 'a\u0000b.png', 'é.pdf', '', 'x'.repeat(300)),
      fc.constantFrom('image/png', 'application/pdf', 'text/html', 'x', ''),
      fc.oneof(fc.constant(SAMPLE_PNG), fc.constant(Buffer.from('%PDF-1.4\n%%EOF\n')), fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)), fc.constant(Buffer.alloc(0))),
    )
    .map(([name, filename, type, value]) => ({ name, filename, type, value })),
);

const multipartVariant = fc
  .tuple(
    fc.array(multipartPart, { minLength: 0, maxLength: 4 }),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('valid') },
      { weight: 8, arbitrary: fc.constantFrom('no-boundary', 'wrong-boundary', 'truncated', 'no-closing-line', 'quoted-boundary', 'empty', 'garbage', 'too-many-parts', 'long-boundary', 'bare-lf') },
    ),
    fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  )
  .map(([parts, variant, cut]) => {
    const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
    const ok = `multipart/form-data; boundary=${boundary}`;
    switch (variant) {
      case 'valid':
        return { kind: 'multipart', contentType: ok, body: multipartBody(parts, boundary) };
      case 'no-boundary':
        return { kind: 'multipart-no-boundary', contentType: 'multipart/form-data', body: multipartBody(parts, boundary) };
      case 'wrong-boundary':
        return { kind: 'multipart-wrong-boundary', contentType: `multipart/form-data; boundary=other${boundary}`, body: multipartBody(parts, boundary) };
      case 'truncated':
        return { kind: 'multipart-truncated', contentType: ok, body: multipartBody(parts, boundary, { truncateTo: cut }) };
      case 'no-closing-line':
        return { kind: 'multipart-no-closing-line', contentType: ok, body: multipartBody(parts, boundary, { close: false }) };
      case 'quoted-boundary':
        return { kind: 'multipart-quoted-boundary', contentType: `multipart/form-data; boundary="${boundary}"`, body: multipartBody(parts, boundary) };
      case 'empty':
        return { kind: 'multipart-empty', contentType: ok, body: Buffer.alloc(0) };
      case 'garbage':
        return { kind: 'multipart-garbage', contentType: ok, body: Buffer.from(`--${boundary}\r\nnot a header line\r\n\r\n\u0000\u0000--${boundary}`) };
      case 'too-many-parts':
        return { kind: 'multipart-too-many-parts', contentType: ok, body: multipartBody(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'v' })), boundary) };
      case 'long-boundary':
        return { kind: 'multipart-long-boundary', contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, body: multipartBody(parts, 'b'.repeat(200)) };
      default:
        return { kind: 'multipart-bare-lf', contentType: ok, body: Buffer.from(multipartBody(parts, boundary).toString('latin1').replaceAll('\r\n', '\n'), 'latin1') };
    }
  });

const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'NaN', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\u0000', '[', '{"__proto__":{"polluted":1}}', 'null', '1', '"text"', '{"a":1}{"b":2}', '{"a":1e999}', '{"a" 1}', '\u00ff\u00fe{'];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/json; charset=utf-16le',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'multipart/mixed; boundary=x',
  'text/html',
  ';;;',
  'application/json; boundary=',
  'application/jsonx',
];

function bodyFor(route, known) {
  const shaped = (route.body ? fitting(route.body, 0, known) : fc.jsonValue({ maxDepth: 2 })).map((v) => ({ kind: 'json-shaped', contentType: 'application/json', body: jsonText(v) }));
  const wrongTypes = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(nastyValue, { maxLength: 3 }), nastyValue).map((v) => ({ kind: 'json-wrong-types', contentType: 'application/json', body: jsonText(v) }));
  const deep = fc.tuple(fc.constantFrom(64, 1_000, 20_000, 100_000), fc.constantFrom('array', 'object')).map(([depth, kind]) => ({ kind: 'json-deep', contentType: 'application/json', body: deepText(depth, kind) }));
  const malformed = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON),
    shaped.chain((s) => fc.nat({ max: Math.max(0, s.body.length - 1) }).map((n) => s.body.slice(0, n))),
  ).map((body) => ({ kind: 'json-malformed', contentType: 'application/json', body }));
  const wrongContentType = fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), shaped).map(([contentType, s]) => ({ kind: 'wrong-content-type', contentType, body: s.body }));
  const noContentType = shaped.map((s) => ({ kind: 'no-content-type', contentType: undefined, body: s.body }));
  const huge = fc.constantFrom(1024 * 1024 + 1, 2 * 1024 * 1024).map((n) => ({ kind: 'json-huge', contentType: 'application/json', body: `{"a":"${'x'.repeat(n)}"}` }));
  const none = fc.constant({ kind: 'none', contentType: undefined, body: undefined });
  const json = route.body !== undefined;
  return fc.oneof(
    { weight: json ? 14 : 2, arbitrary: shaped },
    { weight: 3, arbitrary: wrongTypes },
    { weight: 2, arbitrary: deep },
    { weight: 3, arbitrary: malformed },
    { weight: 2, arbitrary: wrongContentType },
    { weight: 1, arbitrary: noContentType },
    { weight: route.multipart ? 12 : 3, arbitrary: multipartVariant },
    { weight: 1, arbitrary: huge },
    { weight: json ? 1 : 4, arbitrary: none },
  );
}

// ---------------------------------------------------------------- requests

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

const caller = fc.oneof(
  { weight: 3, arbitrary: fc.constant('anonymous') },
  { weight: 7, arbitrary: fc.constantFrom(...VALID_CALLERS) },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_TOKEN_CALLERS) },
);

/** How the Authorization header is written: as clients do, or in ways a parser might trip on. */
const authStyle = fc.oneof(
  { weight: 12, arbitrary: fc.constant('bearer') },
  { weight: 1, arbitrary: fc.constantFrom('lowercase-scheme', 'two-spaces', 'basic-scheme', 'token-only', 'two-tokens', 'appended-garbage', 'long-garbage', 'empty') },
);

const extraHeaders = fc.record(
  {
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'gzip, br', 'identity', '*', 'x-unknown'),
    accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'image/png'),
    'x-forwarded-for': fc.constantFrom('127.0.0.1, 10.0.0.1', 'not-an-ip', '::1', '1.1.1.1'.repeat(50)),
    'accept-language': fc.constantFrom('ar', 'en;q=0.1, *', 'x'.repeat(2000)),
  },
  { requiredKeys: [] },
);

/** Only a real socket can carry these: the parser answers them before the app sees a request. */
const socketOnly = fc.oneof(
  fc.constant({ kind: 'socket-long-url', url: `/api/v1/auth/me?${'q'.repeat(20_000)}` }),
  fc.constant({ kind: 'socket-huge-header', url: '/api/v1/auth/me', headers: { 'x-filler': 'h'.repeat(20_000) } }),
  fc.constant({ kind: 'socket-many-headers', url: '/api/health', headers: Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`x-h${i}`, 'v'])) }),
  fc.constantFrom('/api/v1/auth/me\u0001', '/api/v1/x y', '/api/\u00e9', '/api/v1/auth/me\r\nX-Injected: 1').map((url) => ({ kind: 'socket-raw-url', url })),
  fc.constant({ kind: 'socket-bad-method', method: 'FUZZ', url: '/api/health' }),
  fc.constant({ kind: 'socket-bad-header', url: '/api/v1/auth/me', rawHeader: 'x-bad\u0001name: v' }),
  fc.constant({ kind: 'socket-bad-chunk', url: '/api/v1/auth/login', method: 'POST', chunked: 'bad' }),
  fc.constant({ kind: 'socket-chunked', url: '/api/v1/auth/login', method: 'POST', chunked: 'good' }),
);

/** Bodies past this size go through inject: over a socket they only measure the loopback. */
const SOCKET_BODY_LIMIT = 256 * 1024;

function build({ method, url, who, style, contentType, body, bodyKind, headers, transport, extra = {} }) {
  const all = { ...headers };
  if (contentType !== undefined) all['content-type'] = contentType;
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return {
    method,
    url,
    caller: who,
    authStyle: style,
    headers: all,
    body: bytes,
    bodyKind,
    transport: bytes && bytes.length > SOCKET_BODY_LIMIT ? 'inject' : transport,
    ...extra,
  };
}

/** The callers a route's path names (/api/v1/sme/… is the SMEs'), so that most requests get past the gate. */
const PATH_CALLERS = {
  sme: ['sme', 'smeEarly'],
  provider: ['provider', 'providerEarly'],
  admin: ['admin'],
  bank: ['bank'],
  insurance: ['insurance'],
};

function callerFor(route) {
  const owners = PATH_CALLERS[/^\/api\/v1\/([a-z]+)\//.exec(route.path)?.[1] ?? ''];
  return owners ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...owners) }, { weight: 2, arbitrary: caller }) : caller;
}

/** Requests for one route: its own method most of the time, any other now and then. */
export function requestsFor(route, known = NO_KNOWN) {
  return fc
    .tuple(
      fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
      urlFor(route, known),
      callerFor(route),
      authStyle,
      bodyFor(route, known),
      extraHeaders,
      fc.nat({ max: 9 }),
    )
    .map(([method, url, who, style, b, headers, dice]) =>
      build({ method, url, who, style, contentType: b.contentType, body: b.body, bodyKind: b.kind, headers, transport: dice === 0 ? 'socket' : 'inject' }),
    );
}

/** Requests for paths that are no route, and the shapes only a socket carries. */
export const strayRequests = fc.oneof(
  fc.tuple(fc.constantFrom(...OTHER_METHODS), unknownUrl, caller, extraHeaders, fc.nat({ max: 3 })).map(([method, url, who, headers, dice]) =>
    build({ method, url, who, style: 'bearer', headers, bodyKind: 'none', transport: dice === 0 ? 'socket' : 'inject' }),
  ),
  fc.tuple(socketOnly, caller).map(([s, who]) =>
    build({
      method: s.method ?? (s.chunked ? 'POST' : 'GET'),
      url: s.url,
      who,
      style: 'bearer',
      headers: s.headers ?? {},
      contentType: s.chunked ? 'application/json' : undefined,
      body: s.chunked ? '{"email":"a@b.co","password":"x"}' : undefined,
      bodyKind: s.kind,
      transport: 'socket',
      extra: { rawHeader: s.rawHeader, chunked: s.chunked },
    }),
  ),
);

function hashOf(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0), 16777619) >>> 0;
  return h;
}

/**
 * At least `count` requests over every route (the same number for each, so none is missed) plus
 * stray ones, interleaved. Each route's sequence depends only on the seed and the route, so a new
 * route leaves the others' requests as they were.
 */
export function generateRequests(routes, { seed = DEFAULT_SEED, count = 2_000, known = NO_KNOWN } = {}) {
  const perRoute = Math.max(1, Math.ceil(count / (routes.length + 1)));
  const lists = routes.map((route) => fc.sample(requestsFor(route, known), { seed: (seed ^ hashOf(route.key)) >>> 0, numRuns: perRoute }).map((r) => ({ ...r, route: route.key })));
  lists.push(fc.sample(strayRequests, { seed: (seed ^ hashOf('stray')) >>> 0, numRuns: perRoute }).map((r) => ({ ...r, route: 'stray' })));
  const out = [];
  for (let i = 0; i < perRoute; i += 1) for (const list of lists) out.push(list[i]);
  return out.map((r, index) => ({ ...r, index }));
}

// ---------------------------------------------------------------- sending

/** The Authorization header of a request, from the caller's current token. */
export function authorizationOf(request, tokens) {
  if (request.caller === 'anonymous') return undefined;
  const token = tokens[request.caller];
  if (token === undefined) throw new Error(`no token for caller ${request.caller}`);
  switch (request.authStyle) {
    case 'lowercase-scheme':
      return `bearer ${token}`;
    case 'two-spaces':
      return `Bearer  ${token}`;
    case 'basic-scheme':
      return `Basic ${token}`;
    case 'token-only':
      return token;
    case 'two-tokens':
      return `Bearer ${token} ${token}`;
    case 'appended-garbage':
      return `Bearer ${token}.x`;
    case 'long-garbage':
      return `Bearer ${'A'.repeat(8_000)}.${'B'.repeat(43)}`;
    case 'empty':
      return '';
    default:
      return `Bearer ${token}`;
  }
}

/** Sends through Fastify's inject: everything but what only Node's HTTP parser sees. */
export async function sendByInject(app, request, authorization) {
  const headers = { ...request.headers };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await app.inject({ method: request.method, url: request.url, headers, ...(request.body ? { payload: request.body } : {}) });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

function dechunk(buffer) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    if (buffer.length < lineEnd + 2 + size + 2) return null;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The first HTTP response in `buffer`, or null while incomplete (`closed`: no more bytes will come). */
function parseResponse(buffer, method, closed) {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const headers = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = buffer.subarray(end + 4);
  if (method === 'HEAD' || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest);
    return body ? { status, headers, body } : null;
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length) } : null;
  }
  return closed ? { status, headers, body: rest } : null;
}

/** Writes the request as raw bytes to a listening server and reads the first answer. */
export function sendOverSocket(port, request, authorization, timeoutMs = 15_000) {
  const lines = [`${request.method} ${request.url} HTTP/1.1`, `host: 127.0.0.1:${port}`, 'connection: close'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (authorization !== undefined) lines.push(`authorization: ${authorization}`);
  if (request.rawHeader) lines.push(request.rawHeader);
  let body = request.body ?? Buffer.alloc(0);
  if (request.chunked) {
    lines.push('transfer-encoding: chunked');
    body = request.chunked === 'bad' ? Buffer.from(`zz\r\n${body.toString('latin1')}\r\n0\r\n\r\n`, 'latin1') : Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
  } else if (request.body !== undefined) {
    lines.push(`content-length: ${body.length}`);
  }
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error, answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseResponse(received, request.method, false);
      if (answer) finish(null, answer);
    });
    socket.on('close', () => {
      const answer = parseResponse(received, request.method, true);
      if (answer) finish(null, answer);
      else finish(new Error(received.length ? `incomplete answer: ${received.subarray(0, 200).toString('latin1')}` : 'connection closed without an answer'));
    });
    socket.on('error', (error) => {
      // The server may close on a refused request before reading all of it; keep what it answered.
      const answer = parseResponse(received, request.method, true);
      if (answer) finish(null, answer);
      else finish(error);
    });
  });
}

// ---------------------------------------------------------------- checks

const FILE_ROUTE = /^\/api\/v1\/pub\/((sme|provider)\/doc|order\/invoice)\/file\/[^/?]+$/;
/** A list's CSV twin answers CSV when it succeeds. */
const EXPORT_ROUTE = /^\/api\/v1\/(admin|bank|insurance)\/[a-z]+\/export$/;
const STACK_TRACE = /\n\s+at \S.*:\d+:\d+|node_modules[\\/]|\.(?:ts|js|mjs|cjs):\d+:\d+/;

function decoded(body, encoding) {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}

function echoesUrl(text, url) {
  const path = url.split('?')[0] ?? url;
  const forms = new Set([path, JSON.stringify(path).slice(1, -1)]);
  try {
    forms.add(decodeURIComponent(path));
  } catch {
    // not decodable: the raw form is what could be echoed
  }
  return [...forms].some((form) => form.length > 4 && text.includes(form));
}

/** What is wrong with an answer; empty when it is as every answer must be. */
export function problemsOf(request, answer) {
  const problems = [];
  if (!(answer.status >= 100 && answer.status < 500)) problems.push(`status ${answer.status}`);
  const headers = answer.headers;
  if (String(headers['x-content-type-options'] ?? '').toLowerCase() !== 'nosniff') problems.push('no x-content-type-options: nosniff');
  if (!headers['content-security-policy']) problems.push('no content-security-policy');
  if (request.method === 'HEAD' || answer.status === 204 || answer.status === 304) return problems;

  let body;
  try {
    body = decoded(answer.body, headers['content-encoding']);
  } catch (error) {
    return [...problems, `undecodable body: ${error.message}`];
  }
  const text = body.toString('utf8');
  if (STACK_TRACE.test(text)) problems.push('stack trace in the body');
  const path = request.url.split(/[?#]/)[0] ?? '';
  // Paths outside /api (a mangled '/API/…') belong to the web app, which answers them with its page.
  if (path !== '/api' && !path.startsWith('/api/')) return problems;
  if (answer.status === 200 && FILE_ROUTE.test(path) && !String(headers['content-type'] ?? '').startsWith('application/json')) return problems;
  if (answer.status === 200 && EXPORT_ROUTE.test(path) && String(headers['content-type'] ?? '') === 'text/csv; charset=utf-8') return problems;

  if (!String(headers['content-type'] ?? '').startsWith('application/json')) problems.push(`content-type ${headers['content-type'] ?? 'missing'}`);
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    problems.push('body is not JSON');
    return problems;
  }
  const isObject = json !== null && typeof json === 'object' && !Array.isArray(json);
  const keys = isObject ? Object.keys(json).sort().join(',') : '';
  const ok = keys === 'content,status' && json.status === true;
  const refusal = keys === 'msg,status' && json.status === false && typeof json.msg === 'string';
  if (!ok && !refusal) problems.push(`not the envelope: keys [${keys}]`);
  if (ok && answer.status >= 400) problems.push(`status ${answer.status} with status: true`);
  if (refusal && answer.status < 400) problems.push(`status ${answer.status} with status: false`);
  if ((refusal || !ok) && echoesUrl(text, request.url)) problems.push('echoes the raw URL');
  return problems;
}

/**
 * Sends every request and checks every answer. `send(request, authorization)` answers
 * { status, headers, body }; `renew(caller)` signs a caller in again after its session was logged
 * out by a fuzzed logout, so the rest of the run still has a live token. With `concurrency` above 1
 * that many requests are in flight at once (the order of effects then varies from run to run).
 */
export async function runFuzz({ requests, tokens, send, renew, onProgress, concurrency = 1 }) {
  const byStatus = {};
  const msByRoute = {};
  const violations = [];
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const request = requests[next];
      next += 1;
      let answer;
      const started = performance.now();
      try {
        answer = await send(request, authorizationOf(request, tokens));
      } catch (error) {
        violations.push({ request, answer: null, problems: [`no answer: ${error.message}`] });
        continue;
      }
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      msByRoute[request.route] = (msByRoute[request.route] ?? 0) + (performance.now() - started);
      const problems = problemsOf(request, answer);
      if (problems.length) violations.push({ request, answer, problems });
      const path = request.url.split('?')[0];
      if (answer.status === 200 && request.method === 'POST' && path === '/api/v1/auth/logout' && VALID_CALLERS.includes(request.caller)) {
        await renew(request.caller);
      }
      onProgress?.(request.index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  violations.sort((a, b) => a.request.index - b.request.index);
  return { total: requests.length, byStatus, msByRoute, violations };
}

function preview(value, max = 160) {
  if (value === undefined || value === null) return '';
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);
  return shown.slice(1, -1);
}

/** One line per request that broke a rule. */
export function describeViolation({ request, answer, problems }) {
  const answerText = answer ? `${answer.status} ${preview(answer.body, 200)}` : 'no answer';
  return [
    `#${request.index} [${request.transport}] ${request.method} ${preview(request.url, 200)} as ${request.caller}/${request.authStyle}`,
    `  body ${request.bodyKind}${request.headers['content-type'] ? ` (${preview(request.headers['content-type'], 80)})` : ''}: ${preview(request.body, 120)}`,
    `  answer ${answerText}`,
    `  problems: ${problems.join('; ')}`,
  ].join('\n');
}

/** The violations grouped by route and the set of problems, with the first request of each group. */
export function summarise(violations) {
  const groups = new Map();
  for (const v of violations) {
    const key = `${v.request.route} | ${v.problems.join('; ')}`;
    const group = groups.get(key) ?? { key, count: 0, first: v };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
}
