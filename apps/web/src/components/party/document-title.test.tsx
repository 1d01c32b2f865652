import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { SME_ID, smeProfile } from '@/testing/fixtures/backoffice';
import { doc } from '@/testing/fixtures/party';
import { ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

describe("a document's title", () => {
  it("is shown in Arabic on a back-office profile; an unknown title as written, isolated", async () => {
    await setLanguage('ar');
    signIn('admin', null);
    stubServer({
      [`GET /api/v1/admin/sme/show/${SME_ID}`]: ok({
        sme: smeProfile({ docs: [doc('CR license'), doc('Trade permit 2024')] }),
      }),
    });
    renderApp(`/admin/sme/${SME_ID}/documents`);
    const gallery = await screen.findByRole('list', { name: 'المستندات' });
    const known = within(gallery).getByRole('button', { name: 'معاينة رخصة السجل التجاري' });
    expect(known).toHaveTextContent('رخصة السجل التجاري');
    expect(within(gallery).queryByText('CR license')).not.toBeInTheDocument();

    const unknown = within(gallery).getByRole('button', { name: 'معاينة Trade permit 2024' });
    expect(within(unknown).getByText('Trade permit 2024').tagName).toBe('BDI');
  });

  it('is the English title in English', async () => {
    signIn('admin', null);
    stubServer({ [`GET /api/v1/admin/sme/show/${SME_ID}`]: ok({ sme: smeProfile({ docs: [doc('Article of association')] }) }) });
    renderApp(`/admin/sme/${SME_ID}/documents`);
    expect(await screen.findByRole('button', { name: 'Preview Article of association' })).toHaveTextContent(
      'Article of association',
    );
  });
});
