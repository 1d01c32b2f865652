// Reads an uploaded PDF with pdf-lib and writes it out again, within budgets that do not depend on
// the machine's speed: how many bytes may be inflated, how many objects and pages may be read.
// Whatever lies outside the document (bytes after %%EOF, junk between objects) is not written back.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_DOCUMENT_BYTES } from '@qist/domain';
import { detectFileType } from './file-type.js';

/**
 * What reading one PDF may cost. Reading inflates only the streams that hold the document's
 * structure (object streams and cross-reference streams), not page content or images, and real
 * structure compresses 5 to 10 times: a 10 MB invoice or scan inflates a few MB at most, so 32 MB
 * leaves ample room while a decompression bomb is stopped at that size, however fast the machine.
 * A scanned or generated document has a few objects per page and a tagged one (accessibility) one
 * per structure element; 100,000 covers documents of thousands of pages. 2,000 pages is far beyond
 * any KYC document, statement or invoice.
 */
export const PDF_LIMITS = {
  /** Bytes inflated from object and cross-reference streams, all together. */
  decodedBytes: 32 * 1024 * 1024,
  /** Indirect objects read (those inside object streams included), and nodes of the page tree visited. */
  objects: 100_000,
  /** Pages in the page tree. */
  pages: 2_000,
} as const;

/** Why a PDF was refused. */
export type PdfRefusal =
  | 'unreadable'
  | 'no-page'
  | 'too-much-data'
  | 'too-many-objects'
  | 'too-many-pages'
  | 'too-large'
  | 'out-of-memory'
  | 'timeout';

const REFUSALS: readonly PdfRefusal[] = [
  'unreadable',
  'no-page',
  'too-much-data',
  'too-many-objects',
  'too-many-pages',
  'too-large',
  'out-of-memory',
  'timeout',
];

export type PdfCheck = { ok: true; bytes: Buffer; pages: number } | { ok: false; refusal: PdfRefusal };

export interface PdfCheckOptions {
  /** A backstop only: the budgets above are what stop a hostile file. */
  timeoutMs?: number;
}

const PDF_TIMEOUT_MS = 30_000;
const PDF_WORKER_HEAP_MB = 256;

// pdf-lib runs in a worker with a heap limit, so that a file it chokes on neither blocks nor crashes
// the server. Inside, the steps of reading that inflate data or multiply work are wrapped so that
// they count against PDF_LIMITS: object and cross-reference streams are inflated here, with Node's
// zlib told to stop past the budget (pdf-lib's own inflater finishes a whole deflate block, which can
// be gigabytes), and handed to pdf-lib already decoded. Once a budget is passed, every later step
// throws, so the reading stops even where pdf-lib would skip a broken object and carry on.
// The code only uses dynamic import(), so it runs whether Node reads it as a script or a module,
// from the sources or dist.
const PDF_WORKER = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const zlib = await import('node:zlib');
  console.log = console.info = console.warn = console.error = () => {};
  const { limits, maxBytes } = workerData;

  class OverBudget extends Error {}
  let refusal;
  const refuse = (reason) => {
    refusal ??= reason;
    throw new OverBudget(refusal);
  };
  let decodedBytes = 0;
  let objects = 0;
  let reading = true;
  const countObject = () => {
    if (refusal) throw new OverBudget(refusal);
    objects += 1;
    if (objects > limits.objects) refuse('too-many-objects');
  };

  const reply = await (async () => {
    const {
      PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectStreamParser, PDFPageLeaf, PDFPageTree,
      PDFParser, PDFRawStream, PDFXRefStreamParser, decodePDFRawStream,
    } = await import(workerData.pdfLib);
    const FLATE = PDFName.of('FlateDecode');

    // FlateDecode, as pdf-lib reads it (header checked, no checksum, predictors left as they are),
    // stopping as soon as the output passes the limit.
    const inflate = (input, limit) => {
      const cmf = input[0];
      const flg = input[1];
      if (input.length < 2 || (cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) {
        throw new Error('bad flate header');
      }
      try {
        return zlib.inflateRawSync(input.subarray(2), {
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          maxOutputLength: limit + 1,
        });
      } catch (error) {
        if (error && error.code === 'ERR_BUFFER_TOO_LARGE') refuse('too-much-data');
        throw error;
      }
    };

    // The other filters (LZW, run length, ASCII) with pdf-lib's decoders, read in slices so that
    // decoding stops soon after the limit.
    const decodeSliced = (context, input, filter, parms, limit) => {
      const dict = PDFDict.withContext(context);
      dict.set(PDFName.of('Filter'), filter);
      if (parms) dict.set(PDFName.of('DecodeParms'), parms);
      const stream = decodePDFRawStream(PDFRawStream.of(dict, input));
      const parts = [];
      let total = 0;
      for (;;) {
        const slice = stream.getBytes(65536);
        if (slice.length === 0) break;
        total += slice.length;
        if (total > limit) refuse('too-much-data');
        parts.push(Buffer.from(slice));
      }
      return Buffer.concat(parts, total);
    };

    // The stream decoded through its filters, each stage's output counted against the budget,
    // as a stream without filters that pdf-lib reads as it is.
    const decoded = (raw) => {
      const filter = raw.dict.lookup(PDFName.of('Filter'));
      const parms = raw.dict.lookup(PDFName.of('DecodeParms'));
      const stages = [];
      if (filter instanceof PDFName) stages.push([filter, parms]);
      else if (filter instanceof PDFArray) {
        for (let i = 0; i < filter.size(); i += 1) {
          stages.push([filter.lookup(i, PDFName), parms instanceof PDFArray ? parms.lookupMaybe(i, PDFDict) : undefined]);
        }
      } else if (filter !== undefined) throw new Error('bad filter');
      let bytes = raw.contents;
      for (const [stageFilter, stageParms] of stages) {
        const limit = limits.decodedBytes - decodedBytes;
        bytes = stageFilter === FLATE ? inflate(bytes, limit) : decodeSliced(raw.dict.context, bytes, stageFilter, stageParms, limit);
        decodedBytes += bytes.length;
        if (decodedBytes > limits.decodedBytes) refuse('too-much-data');
      }
      const dict = raw.dict.clone();
      dict.delete(PDFName.of('Filter'));
      dict.delete(PDFName.of('DecodeParms'));
      return PDFRawStream.of(dict, bytes);
    };

    const number = (dict, key) => {
      const value = dict.lookup(PDFName.of(key));
      if (!(value instanceof PDFNumber)) throw new Error('bad ' + key);
      return value.asNumber();
    };

    // Every object pdf-lib stores while reading counts.
    const parserFor = PDFParser.forBytesWithOptions;
    PDFParser.forBytesWithOptions = (...args) => {
      const parser = parserFor(...args);
      const context = parser.context;
      const assign = context.assign.bind(context);
      context.assign = (ref, object) => {
        if (reading) countObject();
        assign(ref, object);
      };
      return parser;
    };

    // An object stream: the objects it announces must fit the budget before anything is inflated.
    const objectStreamFor = PDFObjectStreamParser.forStream;
    PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) => {
      countObject();
      if (!(objects + number(raw.dict, 'N') <= limits.objects)) refuse('too-many-objects');
      return objectStreamFor(decoded(raw), shouldWaitForTick);
    };

    // A cross-reference stream: pdf-lib reads as many entries as it announces, whether or not the
    // stream holds them, so the entries must fit the budget and each must have its bytes.
    const xrefStreamFor = PDFXRefStreamParser.forStream;
    PDFXRefStreamParser.forStream = (raw) => {
      countObject();
      const index = raw.dict.lookup(PDFName.of('Index'));
      let entries = 0;
      if (index instanceof PDFArray) {
        for (let i = 1; i < index.size(); i += 2) entries += index.lookup(i, PDFNumber).asNumber();
      } else entries = number(raw.dict, 'Size');
      if (!(entries <= limits.objects)) refuse('too-many-objects');
      const widths = raw.dict.lookup(PDFName.of('W'), PDFArray);
      let rowBytes = 0;
      for (let i = 0; i < widths.size(); i += 1) rowBytes += Math.max(0, widths.lookup(i, PDFNumber).asNumber());
      const stream = decoded(raw);
      if (entries * Math.max(1, rowBytes) > stream.contents.length) throw new Error('short cross-reference stream');
      return xrefStreamFor(stream);
    };

    // The pages as pdf-lib will find them (a page reached twice counts twice), walked without
    // recursion and within the budgets, so that a looping or exploding page tree is refused.
    const countPages = (doc) => {
      const root = doc.catalog instanceof PDFDict ? doc.catalog.lookup(PDFName.of('Pages')) : undefined;
      if (!(root instanceof PDFPageTree)) return 0;
      let pages = 0;
      let nodes = 0;
      const pending = [root];
      while (pending.length > 0) {
        const kids = pending.pop().lookup(PDFName.of('Kids'));
        if (!(kids instanceof PDFArray)) throw new Error('bad page tree');
        for (let i = 0; i < kids.size(); i += 1) {
          nodes += 1;
          if (nodes > limits.objects) refuse('too-many-objects');
          const kid = doc.context.lookup(kids.get(i));
          if (kid instanceof PDFPageTree) pending.push(kid);
          else if (kid instanceof PDFPageLeaf) {
            pages += 1;
            if (pages > limits.pages) refuse('too-many-pages');
          }
        }
      }
      return pages;
    };

    try {
      const doc = await PDFDocument.load(workerData.bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: Infinity });
      reading = false;
      if (refusal) return { refusal };
      if (countPages(doc) < 1) return { refusal: 'no-page' };
      const pages = doc.getPageCount();
      if (pages < 1) return { refusal: 'no-page' };
      // Written out again from what was read. An encrypted document keeps its objects as they are,
      // outside object streams, where a reader still decrypts them.
      const saved = await doc.save({
        useObjectStreams: !doc.isEncrypted,
        addDefaultPage: false,
        updateFieldAppearances: false,
        objectsPerTick: Infinity,
      });
      if (saved.length > maxBytes) return { refusal: 'too-large' };
      const bytes = saved.byteOffset === 0 && saved.byteLength === saved.buffer.byteLength ? saved : saved.slice();
      return { pages, bytes };
    } catch {
      return { refusal: refusal ?? 'unreadable' };
    }
  })().catch(() => ({ refusal: refusal ?? 'unreadable' }));

  parentPort.postMessage(reply, reply.bytes ? [reply.bytes.buffer] : []);
})();
`;
let pdfLibUrl: string | undefined;

/**
 * Reads the PDF within PDF_LIMITS and answers it written out again, with its page count, or why it
 * was refused. Never throws.
 */
export function checkPdf(bytes: Buffer, options: PdfCheckOptions = {}): Promise<PdfCheck> {
  pdfLibUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('pdf-lib')).href;
  const copy = new Uint8Array(bytes); // its own memory, handed over to the worker
  return new Promise((resolve) => {
    const worker = new Worker(PDF_WORKER, {
      eval: true,
      workerData: { pdfLib: pdfLibUrl, bytes: copy, limits: PDF_LIMITS, maxBytes: MAX_DOCUMENT_BYTES },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (check: PdfCheck) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(check);
    };
    const timer = setTimeout(() => finish({ ok: false, refusal: 'timeout' }), options.timeoutMs ?? PDF_TIMEOUT_MS);
    worker.on('message', (reply: unknown) => finish(checkOf(reply)));
    worker.on('error', (error: unknown) => {
      const outOfMemory = (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ ok: false, refusal: outOfMemory ? 'out-of-memory' : 'unreadable' });
    });
    worker.on('exit', () => finish({ ok: false, refusal: 'unreadable' }));
  });
}

/** The worker's answer, trusted only once its shape and the written file are what they must be. */
function checkOf(reply: unknown): PdfCheck {
  const { refusal, pages, bytes } = (reply ?? {}) as { refusal?: unknown; pages?: unknown; bytes?: unknown };
  if (refusal !== undefined) {
    return { ok: false, refusal: REFUSALS.includes(refusal as PdfRefusal) ? (refusal as PdfRefusal) : 'unreadable' };
  }
  if (!(typeof pages === 'number' && Number.isInteger(pages) && pages >= 1 && bytes instanceof Uint8Array)) {
    return { ok: false, refusal: 'unreadable' };
  }
  const written = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (written.length > MAX_DOCUMENT_BYTES) return { ok: false, refusal: 'too-large' };
  if (detectFileType(written)?.ext !== 'pdf') return { ok: false, refusal: 'unreadable' };
  return { ok: true, bytes: written, pages };
}
