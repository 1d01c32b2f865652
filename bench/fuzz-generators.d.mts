// Types of bench/fuzz-generators.mjs, for the TypeScript test that imports it.
import type { Arbitrary } from 'fast-check';

export const DEFAULT_SEED: number;
export const FUZZ_CALLERS: readonly string[];

export interface FuzzRoute {
  key: string;
  method: string;
  path: string;
  pathParams: { name: string; schema: Record<string, unknown> }[];
  query: { name: string; schema: Record<string, unknown> }[];
  body: Record<string, unknown> | undefined;
  multipart: boolean;
}

export interface FuzzRequest {
  index: number;
  /** The route key (`GET /api/…`) the request was generated for, or 'stray'. */
  route: string;
  method: string;
  url: string;
  caller: string;
  authStyle: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  bodyKind: string;
  transport: 'inject' | 'socket';
  rawHeader?: string;
  chunked?: 'good' | 'bad';
}

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

export interface FuzzViolation {
  request: FuzzRequest;
  answer: FuzzAnswer | null;
  problems: string[];
}

export interface FuzzReport {
  total: number;
  byStatus: Record<string, number>;
  /** Time spent answering, summed by route key. */
  msByRoute: Record<string, number>;
  violations: FuzzViolation[];
}

export interface InjectLike {
  inject(options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: Buffer;
  }): Promise<{ statusCode: number; headers: FuzzAnswer['headers']; rawPayload: Buffer }>;
}

export function craftedTokens(
  sign: (claims: { sid: string; exp: number }, secret: string) => string,
  secret: string,
  validToken: string,
): { malformedSid: string; nulSid: string; expired: string; forged: string };
export function routesOf(document: unknown): FuzzRoute[];
export const nastyString: Arbitrary<string>;
export const nastyValue: Arbitrary<unknown>;
export interface KnownValues {
  /** Ids the server knows: profiles, accounts, documents, categories. */
  uuids: string[];
  /** Stored document file names. */
  files: string[];
}
export function valueOf(schema?: Record<string, unknown>, depth?: number, known?: KnownValues): Arbitrary<unknown>;
export function jsonText(value: unknown): string;
export function requestsFor(route: FuzzRoute, known?: KnownValues): Arbitrary<Omit<FuzzRequest, 'index' | 'route'>>;
export const strayRequests: Arbitrary<Omit<FuzzRequest, 'index' | 'route'>>;
export function generateRequests(routes: FuzzRoute[], options?: { seed?: number; count?: number; known?: KnownValues }): FuzzRequest[];
export function authorizationOf(request: FuzzRequest, tokens: Record<string, string | undefined>): string | undefined;
export function sendByInject(app: InjectLike, request: FuzzRequest, authorization: string | undefined): Promise<FuzzAnswer>;
export function sendOverSocket(port: number, request: FuzzRequest, authorization: string | undefined, timeoutMs?: number): Promise<FuzzAnswer>;
export function problemsOf(request: FuzzRequest, answer: FuzzAnswer): string[];
export function runFuzz(options: {
  requests: FuzzRequest[];
  tokens: Record<string, string | undefined>;
  send: (request: FuzzRequest, authorization: string | undefined) => Promise<FuzzAnswer>;
  renew: (caller: string) => Promise<void>;
  onProgress?: (index: number) => void;
  concurrency?: number;
}): Promise<FuzzReport>;
export function describeViolation(violation: FuzzViolation): string;
export function summarise(violations: FuzzViolation[]): { key: string; count: number; first: FuzzViolation }[];
