// Checks what an uploaded file really is, beyond its first bytes. Images are decoded in full and
// re-encoded, so anything a polyglot hides after or inside them (HTML, script, EXIF) is dropped;
// a PDF must parse within its budgets and have a page, and is written out again from what was read,
// so nothing after or between its objects travels on. Anything refused, malformed or hostile answers null.
import sharp from 'sharp';
import { MAX_DOCUMENT_BYTES } from '@qist/domain';
import { detectFileType, type DetectedType } from './file-type.js';
import { checkPdf } from './pdf-check.js';

export interface InspectedFile extends DetectedType {
  /** The bytes to store: re-encoded for images, written out again for a PDF. */
  bytes: Buffer;
}

export interface InspectOptions {
  /** Time allowed to read a PDF: a backstop only, the PDF budgets (PDF_LIMITS) are what stop a hostile file. */
  pdfTimeoutMs?: number;
}

/** Largest image accepted, in pixels: 50 megapixels covers phone photos and A4 scans at 600 dpi. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const IMAGE_TIMEOUT_SECONDS = 15;

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
      const pdf = await checkPdf(bytes, { timeoutMs: options.pdfTimeoutMs });
      return pdf.ok ? { ...type, bytes: pdf.bytes } : null;
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
