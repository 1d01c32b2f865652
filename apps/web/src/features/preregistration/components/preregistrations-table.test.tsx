import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp, signIn, stubServer } from '@/testing/render-app';

function form(i: number) {
  return {
    _id: `form-${i}`,
    CompanyName: `Company ${i}`,
    BusinessSector: 'Retail',
    YearOfEstablishment: 2020,
    CompanyEmail: `owner${i}@example.com`,
    CompanyPhone: '+965 2200 0000',
    LoanAmount: 1500.5,
    createdAt: new Date(2026, 0, i).toISOString(),
  };
}

describe("the admin's pre-registered list", () => {
  it('shows the columns of the spec, ten rows and the pager, and fetches the page chosen', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/form/list': ok({ forms: Array.from({ length: 10 }, (_, i) => form(i + 1)), count: 23 }),
    });
    const { user } = renderApp('/admin/pre-registered');
    const table = await screen.findByRole('table', { name: 'Pre-registered SMEs' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Company name', 'Email', 'Phone', 'Industry', 'Requested loan amount', 'Year of establishment']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByText('$1,500.50')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: '3' }));
    // the list's own calls (the menu asks for its queue counts besides)
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/form/'));
    expect(urls).toEqual([
      '/api/v1/admin/form/list?page=1&perPage=10',
      '/api/v1/admin/form/list?page=3&perPage=10',
    ]);
  });

  it("says 'no data' when nobody pre-registered", async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/form/list': ok({ forms: [], count: 0 }) });
    renderApp('/admin/pre-registered');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    signIn('admin', null);
    let calls = 0;
    stubServer({
      'GET /api/v1/admin/form/list': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'something went wrong, please try again') : ok({ forms: [form(1)], count: 1 });
      },
    });
    const { user } = renderApp('/admin/pre-registered');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
  });
});
