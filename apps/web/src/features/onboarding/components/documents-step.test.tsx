import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';
import { areaRoutes, doc, profileOf } from '@/testing/fixtures/onboarding';
import type { PartyDocument } from '@qist/domain';

type Role = 'sme' | 'provider';

async function openDocumentsStep(role: Role, docs: PartyDocument[] = [], extra: FakeRoutes = {}) {
  signIn(role, 3);
  const fetchMock = stubServer({ ...areaRoutes(role, 3, { docs }), ...extra });
  const app = renderApp(`/${role}/verification`);
  await screen.findByRole('heading', { name: 'Upload your documents' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

type App = Awaited<ReturnType<typeof openDocumentsStep>>;

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function pickTitle({ user }: App, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Document title' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function uploads(fetchMock: App['fetchMock']): FormData[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/doc/upload') && init?.method === 'POST')
    .map(([, init]) => init?.body as FormData);
}

const SME_ALL = ['Article of association', 'CR license', 'ID of shareholders', 'Bank certified SME business account IBAN'];

describe('the documents step', () => {
  it("offers an SME its own titles, the required ones marked", async () => {
    const app = await openDocumentsStep('sme');
    await app.user.click(screen.getByRole('combobox', { name: 'Document title' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Article of association *',
      'CR license *',
      'ID of shareholders *',
      'Bank certified SME business account IBAN *',
      'Comprehensive financial statement (past two years)',
      'Bank statement (most recent year)',
    ]);
  });

  it('offers a supplier the supplier list (no IBAN title)', async () => {
    const app = await openDocumentsStep('provider');
    await app.user.click(screen.getByRole('combobox', { name: 'Document title' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Article of association *',
      'CR license *',
      'ID of shareholders *',
      'Comprehensive financial statement (past two years) *',
      'Bank statement (most recent year)',
    ]);
    expect(options.join()).not.toMatch(/IBAN/);
  });

  it("asks an SME to select a file and a title", async () => {
    const { user, fetchMock } = await openDocumentsStep('sme');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('select file to upload')).toBeInTheDocument();
    expect(screen.getByText('select title of file')).toBeInTheDocument();
    expect(uploads(fetchMock)).toEqual([]);
  });

  it("asks a supplier to fill the title", async () => {
    const { user } = await openDocumentsStep('provider');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('fill title of file')).toBeInTheDocument();
    expect(screen.getByText('select file to upload')).toBeInTheDocument();
  });

  it('uploads an SME document as multipart: title, description and the file in smeDoc', async () => {
    const app = await openDocumentsStep('sme', [], {
      'POST /api/v1/sme/doc/upload': ok({ doc: doc('CR license') }),
    });
    await pickTitle(app, 'CR license *');
    const file = new File(['%PDF-1.4'], 'cr.pdf', { type: 'application/pdf' });
    await app.user.upload(fileInput(), file);
    await app.user.type(screen.getByRole('textbox', { name: 'Description' }), 'valid until 2027');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('document uploaded')).toBeInTheDocument();
    const [body] = uploads(app.fetchMock);
    expect(body).toBeInstanceOf(FormData);
    expect([...body!.keys()]).toEqual(['title', 'description', 'smeDoc']);
    expect(body!.get('title')).toBe('CR license');
    expect(body!.get('description')).toBe('valid until 2027');
    expect((body!.get('smeDoc') as File).name).toBe('cr.pdf');
  });

  it('sends a supplier document in providerDoc', async () => {
    const app = await openDocumentsStep('provider', [], {
      'POST /api/v1/provider/doc/upload': ok({ doc: doc('Comprehensive financial statement (past two years)') }),
    });
    await pickTitle(app, 'Comprehensive financial statement (past two years) *');
    await app.user.upload(fileInput(), new File(['png'], 'fs.png', { type: 'image/png' }));
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('document uploaded');
    const [body] = uploads(app.fetchMock);
    expect([...body!.keys()]).toEqual(['title', 'providerDoc']);
    expect(body!.get('title')).toBe('Comprehensive financial statement (past two years)');
  });

  it('lists the documents with their size and previews one full screen', async () => {
    const image = doc('CR license', { mime: 'image/png', url: '/signed/cr.png', size: 1536 });
    const { user } = await openDocumentsStep('sme', [image, doc('ID of shareholders', { url: '/signed/id.pdf' })]);
    const list = await screen.findByRole('region', { name: 'Uploaded documents' });
    expect(within(list).getByText('CR license')).toBeInTheDocument();
    expect(within(list).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'CR license' })).toHaveAttribute('src', '/signed/cr.png');

    await user.click(within(list).getByRole('button', { name: 'Preview ID of shareholders' }));
    const preview = await screen.findByRole('dialog', { name: 'ID of shareholders' });
    expect(within(preview).getByTitle('Document ID of shareholders')).toHaveAttribute('src', '/signed/id.pdf');
    expect(within(preview).getByRole('link', { name: /Open the file/ })).toHaveAttribute('href', '/signed/id.pdf');
  });

  it('asks before deleting a document', async () => {
    const cr = doc('CR license');
    const { user, fetchMock } = await openDocumentsStep('sme', [cr], {
      'DELETE /api/v1/sme/doc/upload': ok({}),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete CR license' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure to delete this document ?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'DELETE', '/api/v1/sme/doc/upload')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete CR license' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure to delete this document ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('document deleted')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE', '/api/v1/sme/doc/upload')).toEqual([{ docId: cr._id }]);
  });

  it("shows a supplier's own title as written, isolated from the Arabic around it, and a known one translated", async () => {
    await i18n.changeLanguage('ar');
    await openDocumentsStepIn('provider', [doc('Trade licence 2026 (renewed)'), doc('CR license')]);
    const list = await screen.findByRole('region', { name: 'المستندات المرفوعة' });
    const own = within(list).getByText('Trade licence 2026 (renewed)');
    expect(own.tagName).toBe('BDI');
    expect(within(list).queryByText('CR license')).not.toBeInTheDocument();
  });

  it('disables Verify without documents', async () => {
    await openDocumentsStep('sme');
    expect(await screen.findByText('no documents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('keeps Verify disabled while an upload is on its way, then checks the list that includes it', async () => {
    const uploaded = [doc('Article of association'), doc('CR license'), doc('ID of shareholders')];
    const last = doc('Bank certified SME business account IBAN');
    const app = await openDocumentsStep('sme', uploaded, {
      'GET /api/v1/sme/doc/list': () => ok({ docs: uploaded }),
      'POST /api/v1/sme/doc/upload': () => {
        uploaded.push(last);
        return ok({ doc: last });
      },
      'POST /api/v1/sme/doc/confirm': ok({ level: 4 }),
    });
    // The upload's answer is held until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = app.fetchMock.getMockImplementation()!;
    app.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/doc/upload') && init?.method === 'POST') await held;
      return answer(input, init);
    });

    const verify = await screen.findByRole('button', { name: 'Verify' });
    expect(verify).toBeEnabled();
    await pickTitle(app, 'Bank certified SME business account IBAN *');
    await app.user.upload(fileInput(), new File(['png'], 'iban.png', { type: 'image/png' }));
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(verify).toBeDisabled());
    expect(sentBodies(app.fetchMock, 'POST', '/api/v1/sme/doc/confirm')).toEqual([]);

    release();
    expect(await screen.findByText('4 of 4 uploaded')).toBeInTheDocument();
    await waitFor(() => expect(verify).toBeEnabled());
    await app.user.click(verify);
    await waitFor(() => expect(sentBodies(app.fetchMock, 'POST', '/api/v1/sme/doc/confirm')).toHaveLength(1));
    expect(screen.queryByText(/you must upload/)).not.toBeInTheDocument();
  });

  it("warns 'you must upload CR license' when that is the first missing title", async () => {
    const { user, fetchMock } = await openDocumentsStep('sme', [doc('Article of association'), doc('ID of shareholders')]);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('you must upload CR license')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/doc/confirm')).toEqual([]);
  });

  it('confirms a complete set and shows the waiting screen', async () => {
    let level = 3;
    const { user, fetchMock } = await openDocumentsStep(
      'sme',
      SME_ALL.map((title) => doc(title)),
      {
        'GET /api/v1/sme/profile/get': () => ok({ sme: profileOf('sme', level) }),
        'POST /api/v1/sme/doc/confirm': () => {
          level = 4;
          return ok({ level: 4 });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your account created successfully. Waiting for admin' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/doc/confirm')).toHaveLength(1);
    await waitFor(() => expect(window.localStorage.getItem('LEVEL')).toBe('4'));
  });

  it("checks a supplier's set against the supplier list", async () => {
    const { user } = await openDocumentsStep('provider', SME_ALL.map((title) => doc(title)));
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('you must upload Comprehensive financial statement (past two years)')).toBeInTheDocument();
  });
});

describe("the checklist of the role's required documents", () => {
  /** Each required title with what the checklist says of it, as a screen reader reads the items. */
  const checklist = () =>
    within(screen.getByRole('list', { name: 'Required documents' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('ticks the titles already uploaded and counts them', async () => {
    await openDocumentsStep('sme', [doc('CR license'), doc('Bank statement (most recent year)')]);
    await screen.findByRole('list', { name: 'Required documents' });
    expect(checklist()).toEqual([
      'Article of association (not uploaded yet)',
      'CR license (uploaded)',
      'ID of shareholders (not uploaded yet)',
      'Bank certified SME business account IBAN (not uploaded yet)',
    ]);
    expect(screen.getByText('1 of 4 uploaded')).toBeInTheDocument();
  });

  it('ticks a title as soon as its document is uploaded', async () => {
    const uploaded: PartyDocument[] = [];
    const app = await openDocumentsStep('sme', [], {
      'GET /api/v1/sme/doc/list': () => ok({ docs: uploaded }),
      'POST /api/v1/sme/doc/upload': () => {
        uploaded.push(doc('Article of association'));
        return ok({ doc: doc('Article of association') });
      },
    });
    expect(await screen.findByText('0 of 4 uploaded')).toBeInTheDocument();
    await pickTitle(app, 'Article of association *');
    await app.user.upload(fileInput(), new File(['%PDF-1.4'], 'aoa.pdf', { type: 'application/pdf' }));
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 of 4 uploaded')).toBeInTheDocument();
    expect(checklist()[0]).toBe('Article of association (uploaded)');
  });

  it("lists a supplier's own required titles", async () => {
    await openDocumentsStep('provider', [doc('Comprehensive financial statement (past two years)')]);
    await screen.findByRole('list', { name: 'Required documents' });
    expect(checklist()).toEqual([
      'Article of association (not uploaded yet)',
      'CR license (not uploaded yet)',
      'ID of shareholders (not uploaded yet)',
      'Comprehensive financial statement (past two years) (uploaded)',
    ]);
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    await openDocumentsStepIn('sme', [doc('CR license')]);
    const list = await screen.findByRole('list', { name: 'المستندات المطلوبة' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe('عقد التأسيس (لم يُرفع بعد)');
    expect(items[1]).toBe('رخصة السجل التجاري (تم الرفع)');
    expect(screen.getByText('تم رفع 1 من 4')).toBeInTheDocument();
  });
});

/** The documents step without waiting for its English heading. */
async function openDocumentsStepIn(role: Role, docs: PartyDocument[]) {
  signIn(role, 3);
  stubServer(areaRoutes(role, 3, { docs }));
  return renderApp(`/${role}/verification`);
}
