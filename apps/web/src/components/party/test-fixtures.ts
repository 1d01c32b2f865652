// Test data of SME and supplier profiles (any level), documents and categories, shared by the tests of
// the party views and of the screens built on them (onboarding, back office). Test-only: no app code imports it.
import type { PartyDocument, ProviderProfile, SmeProfile } from '@qist/domain';

export const CATEGORIES = [
  { _id: '8d7a2c3e-1f4b-4c5d-9e6f-0a1b2c3d4e01', title: 'Retail', desc: 'Shops and stores' },
  { _id: '8d7a2c3e-1f4b-4c5d-9e6f-0a1b2c3d4e02', title: 'Wholesale', desc: 'Trade between businesses' },
  { _id: '8d7a2c3e-1f4b-4c5d-9e6f-0a1b2c3d4e03', title: 'Food & Beverage', desc: '' },
];

export function doc(title: string, overrides: Partial<PartyDocument> = {}): PartyDocument {
  const id = `0000000${title.length}-aaaa-4bbb-8ccc-${String(title.charCodeAt(0)).padStart(12, '0')}`;
  return {
    _id: id,
    title,
    file: `${id}.pdf`,
    description: null,
    mime: 'application/pdf',
    size: 2048,
    createdAt: '2025-01-02T10:00:00.000Z',
    url: `/api/v1/pub/sme/doc/file/${id}.pdf?sig=abc`,
    ...overrides,
  };
}

const base = (level: number) => ({
  _id: 'party-1',
  level,
  auth_id: { email: 'owner@alnoor.example.com' },
  info: {
    firstname: 'Fatima',
    lastname: 'Al-Sabah',
    phone: { country_code: '965', number: '55501234' },
    phone2: null,
    email2: 'accounts@alnoor.example.com',
    address: 'Kuwait City',
    address2: null,
    instagram: '@alnoor',
  },
  desc: { title: 'Al Noor Trading', text: 'Household goods for retailers.' },
  categories: [{ _id: CATEGORIES[0]!._id, title: CATEGORIES[0]!.title }],
  docs: [] as PartyDocument[],
  adminVerified: level >= 5,
  bankVerified: level >= 6,
  createdAt: '2025-01-01T09:00:00.000Z',
  updatedAt: '2025-01-05T09:00:00.000Z',
});

export function smeProfile(level: number, overrides: Partial<SmeProfile> = {}): SmeProfile {
  return {
    ...base(level),
    credit: { request: 15000, limit: 10000, amount: 8000, spend: 2000 },
    installments: level >= 8 ? [0.25, 0.25, 0.25, 0.25] : [],
    ...overrides,
  };
}

export function providerProfile(level: number, overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  const common = base(level);
  return {
    ...common,
    info: { ...common.info, website: 'https://alnoor.example.com', companyVAT: 'KW-123' },
    tax_rate: level >= 5 ? 0.1 : null,
    ...overrides,
  };
}

export function profileOf(role: 'sme' | 'provider', level: number): SmeProfile | ProviderProfile {
  return role === 'sme' ? smeProfile(level) : providerProfile(level);
}

