import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@qist/domain';
import { inspectUpload, MAX_IMAGE_PIXELS } from '../../src/lib/file-content.js';
import { SAMPLE_FILES } from '../helpers.js';

const HTML = Buffer.from('<html><body><script>fetch("/api/v1/auth/me")</script></body></html>');

function canvas(width = 4, height = 3) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } });
}

async function realPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) doc.addPage([300, 200]).drawText(`page ${i + 1}`, { x: 20, y: 100, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

describe('inspectUpload: real files', () => {
  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('accepts a real %s and re-encodes it in the same format', async (ext, mime) => {
    const format = ext === 'jpg' ? 'jpeg' : ext;
    const bytes = await canvas().toFormat(format).toBuffer();
    const result = await inspectUpload(bytes);
    expect(result).toMatchObject({ mime, ext });
    const meta = await sharp(result!.bytes).metadata();
    expect(meta).toMatchObject({ format, width: 4, height: 3 });
  });

  it('accepts a real PDF and keeps its bytes as uploaded', async () => {
    const bytes = await realPdf(2);
    const result = await inspectUpload(bytes);
    expect(result).toMatchObject({ mime: 'application/pdf', ext: 'pdf' });
    expect(result!.bytes.equals(bytes)).toBe(true);
  });

  it('accepts the shared sample files, and stores the sample images unchanged', async () => {
    for (const [key, ext] of [['png', 'png'], ['jpeg', 'jpg'], ['webp', 'webp'], ['pdf', 'pdf']] as const) {
      const result = await inspectUpload(SAMPLE_FILES[key]);
      expect(result?.ext, key).toBe(ext);
      expect(result!.bytes.equals(SAMPLE_FILES[key]), key).toBe(true);
    }
    expect(await inspectUpload(SAMPLE_FILES.textPretendingPng)).toBeNull();
  });
});

describe('inspectUpload: metadata and orientation', () => {
  it('strips EXIF (camera, place, comment) and turns the pixels as the orientation said', async () => {
    const bytes = await canvas(4, 2)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'SECRET-EXIF-OWNER', Make: 'SecretCam' } })
      .toBuffer();
    const before = await sharp(bytes).metadata();
    expect(before.orientation).toBe(6);
    expect(bytes.includes('SECRET-EXIF-OWNER')).toBe(true);

    const result = await inspectUpload(bytes);
    expect(result?.mime).toBe('image/jpeg');
    const after = await sharp(result!.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([2, 4]); // rotated a quarter turn, as a viewer showed it
    expect(result!.bytes.includes('SECRET-EXIF-OWNER')).toBe(false);
    expect(result!.bytes.includes('SecretCam')).toBe(false);
  });

  it('strips EXIF and XMP from PNG and WebP too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const bytes = await canvas()
        .toFormat(format)
        .withExif({ IFD0: { Copyright: 'SECRET-EXIF-OWNER' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">SECRET-XMP</x:xmpmeta>')
        .toBuffer();
      expect(bytes.includes('SECRET-EXIF-OWNER') || bytes.includes('SECRET-XMP'), format).toBe(true);
      const result = await inspectUpload(bytes);
      expect(result, format).not.toBeNull();
      expect(result!.bytes.includes('SECRET-EXIF-OWNER'), format).toBe(false);
      expect(result!.bytes.includes('SECRET-XMP'), format).toBe(false);
    }
  });
});

describe('inspectUpload: polyglots and hostile files', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('drops an HTML payload appended to a %s', async (format) => {
    const image = await canvas().toFormat(format).toBuffer();
    const polyglot = Buffer.concat([image, HTML]);
    const result = await inspectUpload(polyglot);
    if (result) {
      expect(result.bytes.includes('<script')).toBe(false);
      expect(result.bytes.includes('<html')).toBe(false);
      expect((await sharp(result.bytes).metadata()).format).toBe(format);
    }
  });

  it('drops an HTML payload hidden in a PNG text chunk', async () => {
    const image = await canvas().png().toBuffer();
    const iend = image.length - 12; // the IEND chunk closes every PNG
    const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML.toString('latin1')}`, 'latin1'));
    const polyglot = Buffer.concat([image.subarray(0, iend), text, image.subarray(iend)]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const result = await inspectUpload(polyglot);
    expect(result).not.toBeNull();
    expect(result!.bytes.includes('<script')).toBe(false);
  });

  it('refuses HTML that merely starts with %PDF-', async () => {
    expect(await inspectUpload(Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML]))).toBeNull();
    expect(await inspectUpload(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBeNull();
  });

  it('refuses a PDF without a page, and a truncated one', async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    expect(await inspectUpload(empty)).toBeNull();
    expect(await inspectUpload((await realPdf()).subarray(0, 40))).toBeNull();
  });

  it('refuses a GIF, even behind a PNG signature, and text named .png', async () => {
    const gif = await canvas().gif().toBuffer();
    expect(await inspectUpload(gif)).toBeNull();
    const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');
    expect(await inspectUpload(Buffer.concat([pngSignature, gif]))).toBeNull();
    expect(await inspectUpload(Buffer.concat([pngSignature, HTML]))).toBeNull();
    expect(await inspectUpload(Buffer.from('just some text, saved as photo.png'))).toBeNull();
  });

  it('refuses a JPEG header followed by garbage, and truncated images', async () => {
    const jfif = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
    expect(await inspectUpload(Buffer.concat([jfif, Buffer.from('garbage '.repeat(200))]))).toBeNull();
    expect(await inspectUpload(Buffer.concat([jfif, HTML]))).toBeNull();
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await canvas(64, 64).toFormat(format).toBuffer();
      expect(await inspectUpload(bytes.subarray(0, Math.floor(bytes.length * 0.7))), format).toBeNull();
    }
  });

  /** A PNG whose header claims the given size, with one row of pixel data. */
  function pngClaiming(width: number, height: number): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // truecolour
    return Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }

  it('refuses quickly an image whose header claims huge dimensions', async () => {
    const started = Date.now();
    expect(await inspectUpload(pngClaiming(100_000, 100_000))).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses an image just over the pixel limit and accepts a large one under it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    expect(await inspectUpload(pngClaiming(side, side))).toBeNull();
    const under = await canvas(3000, 2000).jpeg().toBuffer();
    expect((await inspectUpload(under))?.ext).toBe('jpg');
  });

  it('gives up on a PDF that takes too long (a decompression bomb) without blocking', async () => {
    const inflated = deflateSync(Buffer.alloc(100 * 1024 * 1024, 0x20), { level: 9 });
    const head =
      '%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[4 0 R]/Count 1>>endobj\n' +
      `3 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${inflated.length}>>stream\n`;
    const tail = '\nendstream\nendobj\n4 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    const bomb = Buffer.concat([Buffer.from(head), inflated, Buffer.from(tail)]);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const started = Date.now();
    const result = await inspectUpload(bomb, { pdfTimeoutMs: 1_000 });
    clearInterval(ticker);
    expect(result).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThan(5); // the event loop kept running meanwhile
  });

  it('refuses empty and oversized files', async () => {
    expect(await inspectUpload(Buffer.alloc(0))).toBeNull();
    const pdf = await realPdf();
    expect(await inspectUpload(Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES)]))).toBeNull();
  });
});
