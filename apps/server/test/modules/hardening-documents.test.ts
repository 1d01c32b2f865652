// Documents under pressure: a confirmation racing a delete, the caps per party, malformed uploads,
// and files that only pretend to be images or PDFs.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENTS_PER_PARTY,
  MAX_DOCUMENTS_PER_TITLE,
  MAX_DOCUMENT_BYTES_PER_PARTY,
  MESSAGES,
  SME_OPTIONAL_DOCUMENTS,
  SME_REQUIRED_DOCUMENTS,
  mustUploadMessage,
} from '@qist/domain';
import { documents, smes } from '../../src/db/schema/index.js';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, multipart, useTestApp } from '../helpers.js';

const ctx = useTestApp();

async function sme(level = 3) {
  const account = await createAccount(ctx.db, { role: 'sme', level });
  return { account, headers: bearer(await loginAs(ctx.app, account)) };
}

function upload(headers: Record<string, string>, title: string, bytes: Buffer = SAMPLE_FILES.png, fields: Record<string, string> = {}) {
  const form = multipart({ title, ...fields }, { field: 'smeDoc', filename: 'scan.png', contentType: 'image/png', bytes });
  return ctx.app.inject({ method: 'POST', url: '/api/v1/sme/doc/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
}

const documentsOf = (userId: string) => ctx.db.select().from(documents).where(eq(documents.userId, userId));
const levelOf = async (userId: string) => (await ctx.db.select({ level: smes.level }).from(smes).where(eq(smes.userId, userId)))[0]?.level;

describe('confirming documents while one is deleted', () => {
  it('never leaves an SME at level 4 without a required document (8 races)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { account, headers } = await sme();
      const ids: string[] = [];
      for (const title of SME_REQUIRED_DOCUMENTS) ids.push(body(await upload(headers, title)).content.doc._id);
      const [confirm, remove] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: '/api/v1/sme/doc/confirm', headers }),
        ctx.app.inject({ method: 'DELETE', url: '/api/v1/sme/doc/upload', headers, payload: { docId: ids[0] } }),
      ]);
      const titles = (await documentsOf(account.id)).map((d) => d.title);
      const level = await levelOf(account.id);
      if (confirm.statusCode === 200) {
        // The confirmation went first: the delete must have been refused and the document kept.
        expect(body(remove)).toEqual({ status: false, msg: MESSAGES.documentsLocked });
        expect(level).toBe(4);
        expect(titles).toContain(SME_REQUIRED_DOCUMENTS[0]);
      } else {
        expect(remove.statusCode).toBe(200);
        expect(body(confirm)).toEqual({ status: false, msg: mustUploadMessage(SME_REQUIRED_DOCUMENTS[0]) });
        expect(level).toBe(3);
        expect(titles).not.toContain(SME_REQUIRED_DOCUMENTS[0]);
      }
    }
  });
});

describe('caps on documents', () => {
  it(`keeps at most ${MAX_DOCUMENTS_PER_TITLE} documents of one title, even sent at once`, async () => {
    const { account, headers } = await sme();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(headers, 'CR license')));
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(MAX_DOCUMENTS_PER_TITLE);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(body(refused)).toEqual({ status: false, msg: MESSAGES.tooManyDocumentsOfTitle });
    }
    expect(await documentsOf(account.id)).toHaveLength(MAX_DOCUMENTS_PER_TITLE);
  });

  it(`keeps at most ${MAX_DOCUMENTS_PER_PARTY} documents per party`, async () => {
    const { account, headers } = await sme();
    const titles = [...SME_REQUIRED_DOCUMENTS, ...SME_OPTIONAL_DOCUMENTS];
    for (let i = 0; i < MAX_DOCUMENTS_PER_PARTY; i += 1) {
      expect((await upload(headers, titles[i % titles.length]!)).statusCode).toBe(200);
    }
    const refused = await upload(headers, titles[MAX_DOCUMENTS_PER_PARTY % titles.length]!);
    expect(body(refused)).toEqual({ status: false, msg: MESSAGES.tooManyDocuments });
    expect(await documentsOf(account.id)).toHaveLength(MAX_DOCUMENTS_PER_PARTY);
  });

  it('refuses a document that would take the party past its stored bytes', async () => {
    const { account, headers } = await sme();
    // Documents already stored, close to the cap (rows only: their size is what counts).
    await ctx.db.insert(documents).values(
      [0, 1].map((i) => ({
        userId: account.id,
        title: SME_OPTIONAL_DOCUMENTS[i]!,
        fileName: `00000000-0000-4000-8000-00000000000${i}.pdf`,
        originalName: 'big.pdf',
        mime: 'application/pdf',
        size: MAX_DOCUMENT_BYTES_PER_PARTY / 2 - 10,
      })),
    );
    const refused = await upload(headers, 'CR license');
    expect(body(refused)).toEqual({ status: false, msg: MESSAGES.documentsTooLarge });
    expect(await documentsOf(account.id)).toHaveLength(2);
  });
});

describe('malformed multipart bodies', () => {
  const valid = multipart({ title: 'CR license' }, { field: 'smeDoc', filename: 'a.png', contentType: 'image/png', bytes: SAMPLE_FILES.png });
  const boundary = /boundary=(.+)$/.exec(valid.headers['content-type']!)![1]!;
  const text = valid.payload.toString('latin1');

  it.each([
    ['no boundary', 'multipart/form-data', valid.payload],
    ['a wrong boundary', 'multipart/form-data; boundary=not-the-one', valid.payload],
    ['a truncated body', `multipart/form-data; boundary=${boundary}`, valid.payload.subarray(0, valid.payload.length - 60)],
    ['no closing line', `multipart/form-data; boundary=${boundary}`, Buffer.from(text.replace(`--${boundary}--\r\n`, ''), 'latin1')],
  ])('answers 400 for %s, and stores nothing', async (_name, contentType, payload) => {
    const { account, headers } = await sme();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sme/doc/upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect([MESSAGES.invalidMultipart, MESSAGES.selectFile]).toContain(body(response).msg);
    expect(await documentsOf(account.id)).toHaveLength(0);
  });
});

describe('files that pretend', () => {
  it('stores an image re-encoded, without what was appended to it', async () => {
    const { account, headers } = await sme();
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(headers, 'CR license', Buffer.concat([SAMPLE_FILES.png, payload]));
    expect(response.statusCode).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: body(response).content.doc.url });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const [row] = await documentsOf(account.id);
    expect(row?.size).toBe(file.rawPayload.length);
  });

  it('stores a PDF written out again, without what was appended after its end', async () => {
    const { account, headers } = await sme();
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(headers, 'CR license', Buffer.concat([SAMPLE_FILES.pdf, payload]));
    expect(response.statusCode).toBe(200);
    expect(body(response).content.doc.mime).toBe('application/pdf');
    const file = await ctx.app.inject({ method: 'GET', url: body(response).content.doc.url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.includes(payload)).toBe(false);
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);
    const [row] = await documentsOf(account.id);
    expect(row?.size).toBe(file.rawPayload.length);
  });

  it.each([
    ['HTML behind a PDF header', Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>')],
    ['a JPEG header with nothing behind it', Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')],
    ['text named .png', SAMPLE_FILES.textPretendingPng],
  ])('refuses %s', async (_name, bytes) => {
    const { account, headers } = await sme();
    expect(body(await upload(headers, 'CR license', bytes))).toEqual({ status: false, msg: MESSAGES.fileTypeRefused });
    expect(await documentsOf(account.id)).toHaveLength(0);
  });

  it('refuses control characters in a description or a file name', async () => {
    const { account, headers } = await sme();
    expect(body(await upload(headers, 'CR license', SAMPLE_FILES.png, { description: 'a\u0000b' }))).toEqual({
      status: false,
      msg: MESSAGES.controlCharacters,
    });
    const form = multipart({ title: 'CR license' }, { field: 'smeDoc', filename: 'a\u0001.png', contentType: 'image/png', bytes: SAMPLE_FILES.png });
    const named = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/doc/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
    expect(body(named)).toEqual({ status: false, msg: MESSAGES.controlCharacters });
    expect(await documentsOf(account.id)).toHaveLength(0);
  });
});
