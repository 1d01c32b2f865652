// Checks what an uploaded file really is, beyond its first bytes. Images are decoded in full and
// re-encoded, so anything a polyglot hides after or inside them (HTML, script, EXIF) is dropped;
// a PDF must parse and have a page. Anything refused, malformed or hostile answers null.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { MAX_DOCUMENT_BYTES } from '@qist/domain';
import { detectFileType, type DetectedType } from './file-type.js';

export interface InspectedFile extends DetectedType {
  /** The bytes to store: re-encoded for images, as uploaded for a PDF. */
  bytes: Buffer;
}

export interface InspectOptions {
  /** Time allowed to parse a PDF before it is refused (a hang or a decompression bomb). */
  pdfTimeoutMs?: number;
}

/** Largest image accepted, in pixels: 50 megapixels covers phone photos and A4 scans at 600 dpi. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const IMAGE_TIMEOUT_SECONDS = 15;
const PDF_TIMEOUT_MS = 10_000;
const PDF_WORKER_HEAP_MB = 256;

// Uploaded images are processed once; libvips' operation cache would only keep them in memory.
sharp.cache(false);

type ImageFormat = 'png' | 'jpeg' | 'webp';
const IMAGE_FORMAT: Record<Exclude<DetectedType['ext'], 'pdf'>, ImageFormat> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * The type and the bytes to store for an upload, or null when it is not a PDF, PNG, JPEG or WebP
 * that really decodes. Never throws.
 */
export async function inspectUpload(bytes: Buffer, options: InspectOptions = {}): Promise<InspectedFile | null> {
  try {
    if (bytes.length === 0 || bytes.length > MAX_DOCUMENT_BYTES) return null;
    const type = detectFileType(bytes);
    if (!type) return null;
    if (type.ext === 'pdf') {
      const pages = await countPdfPages(bytes, options.pdfTimeoutMs ?? PDF_TIMEOUT_MS);
      return pages >= 1 ? { ...type, bytes } : null;
    }
    const reencoded = await reencodeImage(bytes, IMAGE_FORMAT[type.ext]);
    return reencoded ? { ...type, bytes: reencoded } : null;
  } catch {
    return null;
  }
}

/** Decodes the whole image (refusing any decoder warning) and encodes it again without metadata. */
async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<Buffer | null> {
  // 'warning' is the strictest level, the one sharp advises for untrusted input.
  const input = { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true } as const;
  // The header alone first: the decoder must agree on the format, and the size is checked before any pixel is read.
  const meta = await sharp(bytes, input).metadata();
  if (meta.format !== format) return null;
  if (!(meta.width > 0 && meta.height > 0) || meta.width * meta.height > MAX_IMAGE_PIXELS) return null;
  // autoOrient turns the pixels as the EXIF orientation says; the output keeps no EXIF, XMP, IPTC or ICC data.
  const image = sharp(bytes, input).timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
  if (format === 'png') return image.png().toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

// pdf-lib runs in a worker with a heap limit and a deadline: a crafted PDF can make it inflate
// gigabytes or loop, which must neither block nor crash the server. The code only uses dynamic
// import(), so it runs whether Node reads it as a script or a module, from the sources or dist.
const PDF_WORKER = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  console.log = console.info = console.warn = console.error = () => {};
  let pages = 0;
  try {
    const { PDFDocument } = await import(workerData.pdfLib);
    const doc = await PDFDocument.load(workerData.bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    pages = 0;
  }
  parentPort.postMessage(pages);
})();
`;
let pdfLibUrl: string | undefined;

/** The number of pages pdf-lib finds in the PDF; 0 when it does not parse in time. */
function countPdfPages(bytes: Buffer, timeoutMs: number): Promise<number> {
  pdfLibUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('pdf-lib')).href;
  const copy = new Uint8Array(bytes); // its own memory, handed over to the worker
  return new Promise((resolve) => {
    const worker = new Worker(PDF_WORKER, {
      eval: true,
      workerData: { pdfLib: pdfLibUrl, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (pages: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(pages);
    };
    const timer = setTimeout(() => finish(0), timeoutMs);
    worker.on('message', (pages: unknown) => finish(typeof pages === 'number' && Number.isInteger(pages) ? pages : 0));
    worker.on('error', () => finish(0));
    worker.on('exit', () => finish(0));
  });
}
