import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@qist/domain';
import { inspectUpload, MAX_IMAGE_PIXELS } from '../../src/lib/file-content.js';
import { checkPdf, PDF_LIMITS } from '../../src/lib/pdf-check.js';
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

  it('accepts a real PDF and stores it written out again, with the same pages', async () => {
    const bytes = await realPdf(2);
    const result = await inspectUpload(bytes);
    expect(result).toMatchObject({ mime: 'application/pdf', ext: 'pdf' });
    const stored = await PDFDocument.load(result!.bytes);
    expect(stored.getPageCount()).toBe(2);
    expect(stored.getPage(1).getSize()).toEqual({ width: 300, height: 200 });
  });

  it('accepts the shared sample files, and stores the sample images unchanged', async () => {
    for (const [key, ext] of [['png', 'png'], ['jpeg', 'jpg'], ['webp', 'webp']] as const) {
      const result = await inspectUpload(SAMPLE_FILES[key]);
      expect(result?.ext, key).toBe(ext);
      expect(result!.bytes.equals(SAMPLE_FILES[key]), key).toBe(true);
    }
    const pdf = await inspectUpload(SAMPLE_FILES.pdf);
    expect(pdf?.ext).toBe('pdf');
    expect((await PDFDocument.load(pdf!.bytes)).getPageCount()).toBe(1);
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

  it('refuses an image whose header claims huge dimensions, before decoding its pixels', async () => {
    expect(await inspectUpload(pngClaiming(100_000, 100_000))).toBeNull();
  });

  it('refuses an image just over the pixel limit and accepts a large one under it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    expect(await inspectUpload(pngClaiming(side, side))).toBeNull();
    const under = await canvas(3000, 2000).jpeg().toBuffer();
    expect((await inspectUpload(under))?.ext).toBe('jpg');
  });

  it('refuses empty and oversized files', async () => {
    expect(await inspectUpload(Buffer.alloc(0))).toBeNull();
    const pdf = await realPdf();
    expect(await inspectUpload(Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES)]))).toBeNull();
  });
});

/** A PDF whose only page lives in an object stream holding `decoded` once inflated. */
function pdfWithObjectStream(decoded: Buffer, n = 1, first = 4): Buffer {
  const deflated = deflateSync(decoded, { level: 9 });
  const head =
    '%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[4 0 R]/Count 1>>endobj\n' +
    `3 0 obj<</Type/ObjStm/N ${n}/First ${first}/Filter/FlateDecode/Length ${deflated.length}>>stream\n`;
  const tail = '\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head), deflated, Buffer.from(tail)]);
}

/** `size` bytes that inflate from an object stream: object 4, a page, then spaces. */
function objectStreamOfSize(size: number): Buffer {
  const decoded = Buffer.alloc(size, 0x20);
  decoded.write('4 0 <</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>', 'latin1');
  return decoded;
}

/** A PDF of the given objects, numbered from 1, read without a cross-reference table. */
function pdfOfObjects(objects: string[]): Buffer {
  return Buffer.from(`%PDF-1.7\n${objects.map((body, i) => `${i + 1} 0 obj ${body} endobj\n`).join('')}trailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
}

const MB = 1024 * 1024;
// Far beyond any test's run: no test below may be decided by the deadline.
const NO_DEADLINE = { timeoutMs: 600_000 };

describe('inspectUpload: the budgets of a PDF', () => {
  it('refuses a decompression bomb by the bytes inflated, whatever the machine speed', async () => {
    // A document that would be valid, its page in an object stream padded to 100 MB.
    const bomb = pdfWithObjectStream(objectStreamOfSize(100 * MB));
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await checkPdf(bomb, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-much-data' });
    expect(await inspectUpload(bomb, { pdfTimeoutMs: NO_DEADLINE.timeoutMs })).toBeNull();
  });

  it('accepts an object stream that inflates to the budget exactly, and refuses one byte more', async () => {
    const atBudget = await checkPdf(pdfWithObjectStream(objectStreamOfSize(PDF_LIMITS.decodedBytes)), NO_DEADLINE);
    expect(atBudget).toMatchObject({ ok: true, pages: 1 });
    const over = await checkPdf(pdfWithObjectStream(objectStreamOfSize(PDF_LIMITS.decodedBytes + 1)), NO_DEADLINE);
    expect(over).toEqual({ ok: false, refusal: 'too-much-data' });
  });

  it('counts the bytes inflated across all streams of the document', async () => {
    // Two object streams of 20 MB: each alone fits, together they pass the budget.
    const half = deflateSync(objectStreamOfSize(20 * MB), { level: 9 });
    const stream = (id: number) => `${id} 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${half.length}>>stream\n`;
    const twice = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[4 0 R]/Count 1>>endobj\n'),
      Buffer.from(stream(3)), half, Buffer.from('\nendstream\nendobj\n'),
      Buffer.from(stream(5)), half, Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    ]);
    expect(await checkPdf(twice, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-much-data' });
  });

  it('accepts a real multi-page PDF with compressed object and content streams', async () => {
    const bytes = await realPdf(40);
    expect(bytes.includes('/ObjStm')).toBe(true);
    expect(bytes.includes('/FlateDecode')).toBe(true);
    const check = await checkPdf(bytes, NO_DEADLINE);
    expect(check).toMatchObject({ ok: true, pages: 40 });
    const stored = await PDFDocument.load(check.ok ? check.bytes : Buffer.alloc(0));
    expect(stored.getPageCount()).toBe(40);
  });

  it('refuses an object stream announcing more objects than the budget, before inflating it', async () => {
    const huge = pdfWithObjectStream(objectStreamOfSize(64), 1_000_000_000);
    expect(await checkPdf(huge, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-objects' });
    const justOver = pdfWithObjectStream(objectStreamOfSize(64), PDF_LIMITS.objects);
    expect(await checkPdf(justOver, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-objects' });
    expect(await inspectUpload(huge, { pdfTimeoutMs: NO_DEADLINE.timeoutMs })).toBeNull();
  });

  it('refuses a cross-reference stream announcing more entries than the budget', async () => {
    const xref = deflateSync(Buffer.alloc(16));
    const bytes = Buffer.concat([
      pdfOfObjects(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>']),
      Buffer.from(`4 0 obj<</Type/XRef/Size 2000000000/W[1 2 1]/Root 1 0 R/Filter/FlateDecode/Length ${xref.length}>>stream\n`),
      xref,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    expect(await checkPdf(bytes, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-objects' });
  });

  it('refuses more indirect objects than the budget', async () => {
    const head = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>'];
    const fits = pdfOfObjects([...head, ...Array.from({ length: 1_000 }, () => 'null')]);
    expect(await checkPdf(fits, NO_DEADLINE)).toMatchObject({ ok: true, pages: 1 });
    const over = pdfOfObjects([...head, ...Array.from({ length: PDF_LIMITS.objects - 2 }, () => 'null')]);
    expect(over.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    expect(await checkPdf(over, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-objects' });
  });

  it(`accepts ${PDF_LIMITS.pages} pages and refuses one more`, async () => {
    const ofPages = (count: number) =>
      pdfOfObjects([
        '<</Type/Catalog/Pages 2 0 R>>',
        `<</Type/Pages/Kids[${Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ')}]/Count ${count}>>`,
        ...Array.from({ length: count }, () => '<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>'),
      ]);
    expect(await checkPdf(ofPages(PDF_LIMITS.pages), NO_DEADLINE)).toMatchObject({ ok: true, pages: PDF_LIMITS.pages });
    expect(await checkPdf(ofPages(PDF_LIMITS.pages + 1), NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-pages' });
  });

  it('refuses a page tree that reaches the same nodes over and over', async () => {
    // Each level lists the next one twice: 40 levels would be 2^40 pages to walk.
    const levels = 40;
    const tree = Array.from({ length: levels }, (_, i) => `<</Type/Pages/Kids[${i + 3} 0 R ${i + 3} 0 R]>>`);
    const bytes = pdfOfObjects(['<</Type/Catalog/Pages 2 0 R>>', ...tree, '<</Type/Page/MediaBox[0 0 10 10]>>']);
    expect(await checkPdf(bytes, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-pages' });
    // A page tree that contains itself.
    const loop = pdfOfObjects(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[2 0 R 3 0 R]>>', '<</Type/Page/MediaBox[0 0 10 10]>>']);
    expect(await checkPdf(loop, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-many-pages' });
  });

  it('refuses a PDF without a page as such', async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    expect(await checkPdf(empty, NO_DEADLINE)).toEqual({ ok: false, refusal: 'no-page' });
  });
});

describe('inspectUpload: a PDF is stored written out again', () => {
  it('drops an HTML payload appended after %%EOF, keeping the pages', async () => {
    const pdf = await realPdf(3);
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([pdf, Buffer.from(`\n${payload}\n`)]);
    expect(polyglot.includes(payload)).toBe(true);
    const result = await inspectUpload(polyglot);
    expect(result).toMatchObject({ mime: 'application/pdf', ext: 'pdf' });
    expect(result!.bytes.includes(payload)).toBe(false);
    expect(result!.bytes.includes('<script')).toBe(false);
    expect(result!.bytes.includes('<html')).toBe(false);
    expect(result!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(result!.bytes)).getPageCount()).toBe(3);
  });

  it('refuses a PDF that would be written out larger than the upload limit', async () => {
    // Object 4, the page, and 11,000 strings of 1,000 bytes (11 MB), packed in one object stream.
    const bodies = ['<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>', ...Array.from({ length: 11_000 }, () => `(${'a'.repeat(1_000)})`)];
    let offset = 0;
    const pairs = bodies.map((body, i) => {
      const pair = `${i === 0 ? 4 : i + 9} ${offset}`;
      offset += body.length + 1;
      return pair;
    });
    const header = `${pairs.join(' ')} `;
    const decoded = Buffer.from(header + bodies.join(' '), 'latin1');
    const asFile = (trailer: string) => {
      const bytes = pdfWithObjectStream(decoded, bodies.length, header.length);
      return Buffer.from(bytes.toString('latin1').replace('trailer<</Root 1 0 R>>', trailer), 'latin1');
    };
    // Written with object streams, the strings are compressed again and the file stays small.
    const plain = asFile('trailer<</Root 1 0 R>>');
    const written = await checkPdf(plain, NO_DEADLINE);
    expect(written).toMatchObject({ ok: true, pages: 1 });
    expect(written.ok && written.bytes.length).toBeLessThan(MB);
    // An encrypted document is written without object streams: 11 MB, over the limit.
    const encrypted = asFile('6 0 obj<</Filter/Standard/V 1/R 2/O<00>/U<00>/P -4>>endobj\ntrailer<</Root 1 0 R/Encrypt 6 0 R>>');
    expect(encrypted.length).toBeLessThan(MB);
    expect(await checkPdf(encrypted, NO_DEADLINE)).toEqual({ ok: false, refusal: 'too-large' });
  });

  it('drops junk between the objects of a PDF, and the appended payload of the sample PDF', async () => {
    const text = SAMPLE_FILES.pdf.toString('latin1');
    const withJunk = Buffer.from(text.replace('2 0 obj', `${HTML.toString('latin1')}\n2 0 obj`), 'latin1');
    for (const bytes of [withJunk, Buffer.concat([SAMPLE_FILES.pdf, HTML])]) {
      expect(bytes.includes('<script')).toBe(true);
      const result = await inspectUpload(bytes);
      expect(result?.ext).toBe('pdf');
      expect(result!.bytes.includes('<script')).toBe(false);
      expect((await PDFDocument.load(result!.bytes)).getPageCount()).toBe(1);
    }
  });
});
