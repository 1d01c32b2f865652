// Test data of the back office: SMEs and suppliers as the server sends them.
import type { ProviderListItem, ProviderProfile, SmeListItem, SmeProfile } from '@qist/domain';

export const SME_ID = '11111111-1111-4111-8111-111111111111';
export const PROVIDER_ID = '22222222-2222-4222-8222-222222222222';

const info = {
  firstname: 'Sara',
  lastname: 'Ali',
  phone: { country_code: '965', number: '55551234' },
  phone2: null,
  email2: 'accounts@alnoor.example',
  address: 'Kuwait City, Block 3',
  address2: null,
  instagram: null,
};

export function smeListItem(i: number, overrides: Partial<SmeListItem> = {}): SmeListItem {
  return {
    _id: `sme-${i}`,
    level: 4,
    auth_id: { email: `sme${i}@example.com` },
    info: { firstname: 'Sara', lastname: `Ali ${i}`, phone: { country_code: '965', number: `5555000${i}` } },
    desc: { title: `Company ${i}` },
    credit: { request: 5000, limit: 0, amount: 0, spend: 0 },
    createdAt: new Date(2026, 0, i + 1).toISOString(),
    ...overrides,
  };
}

export function providerListItem(i: number, overrides: Partial<ProviderListItem> = {}): ProviderListItem {
  return {
    _id: `provider-${i}`,
    level: 5,
    auth_id: { email: `supplier${i}@example.com` },
    info: { firstname: 'Omar', lastname: `Saleh ${i}`, phone: { country_code: '965', number: `6666000${i}` } },
    desc: { title: `Supplier ${i}` },
    tax_rate: 0.12,
    createdAt: new Date(2026, 0, i + 1).toISOString(),
    ...overrides,
  };
}

export function smeProfile(overrides: Partial<SmeProfile> = {}): SmeProfile {
  return {
    _id: SME_ID,
    level: 4,
    auth_id: { email: 'owner@alnoor.example' },
    info,
    desc: { title: 'Al Noor Trading', text: 'Office supplies for schools.' },
    categories: [
      { _id: 'cat-1', title: 'Retail' },
      { _id: 'cat-2', title: 'Education' },
    ],
    docs: [
      {
        _id: 'doc-1',
        title: 'CR license',
        file: 'cr.png',
        description: null,
        mime: 'image/png',
        size: 1200,
        createdAt: '2026-01-02T10:00:00.000Z',
        url: '/api/v1/pub/sme/doc/file/cr.png?sig=x',
      },
    ],
    adminVerified: false,
    bankVerified: false,
    createdAt: '2026-01-01T09:30:00.000Z',
    updatedAt: '2026-01-02T09:30:00.000Z',
    credit: { request: 5000, limit: 0, amount: 0, spend: 0 },
    installments: [],
    ...overrides,
  };
}

export function providerProfile(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    _id: PROVIDER_ID,
    level: 4,
    auth_id: { email: 'sales@gulfpaper.example' },
    info: { ...info, firstname: 'Omar', lastname: 'Saleh', website: 'gulfpaper.example', companyVAT: 'VAT-123' },
    desc: { title: 'Gulf Paper', text: 'Paper and packaging.' },
    categories: [{ _id: 'cat-3', title: 'Manufacturing' }],
    docs: [],
    adminVerified: false,
    bankVerified: false,
    createdAt: '2026-01-01T09:30:00.000Z',
    updatedAt: '2026-01-02T09:30:00.000Z',
    tax_rate: null,
    ...overrides,
  };
}
