// Demo data for a new, empty database (DESIGN.md §6). Runs once: a database with any account is left alone.
import { count } from 'drizzle-orm';
import {
  PROVIDER_REQUIRED_DOCUMENTS,
  SME_REQUIRED_DOCUMENTS,
  fractionToBasisPoints,
  toMinorUnits,
  type LogCode,
  type Role,
} from '@qist/domain';
import { hashPassword } from '../lib/passwords.js';
import { MFA_SECRET_PURPOSE, createSecretBox } from '../lib/secret-box.js';
import type { FileStorage } from '../lib/file-storage.js';
import { withTransaction, type Db, type Tx } from './transaction.js';
import {
  categories,
  documents,
  insuranceCompanies,
  partyCategories,
  providers,
  signupCodes,
  smes,
  users,
  verificationLogs,
} from './schema/index.js';

export const DEMO_PASSWORD = 'demo12345';
/**
 * The TOTP secret of every demo back-office account (two-step sign-in is on for them): add it to an
 * authenticator app, or print the current code with `npm run demo:totp`.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_SIGNUP_CODES = { sme: 'SME-DEMO-CODE', provider: 'SUPPLIER-DEMO-CODE' } as const;

/** Industries as [title, description, Arabic title, Arabic description]. */
export const DEMO_CATEGORIES = [
  ['Retail', 'Shops and consumer sales', 'التجزئة', 'المتاجر والمبيعات للمستهلكين'],
  ['Wholesale', 'Bulk trading between businesses', 'الجملة', 'التجارة بالجملة بين الشركات'],
  ['Food & Beverage', 'Restaurants, cafes and food supply', 'الأغذية والمشروبات', 'المطاعم والمقاهي وتوريد الأغذية'],
  ['Construction', 'Contracting and building works', 'البناء', 'المقاولات وأعمال البناء'],
  ['Building Materials', 'Cement, steel, tiles and timber', 'مواد البناء', 'الإسمنت والحديد والبلاط والأخشاب'],
  ['Office Supplies', 'Stationery, furniture and equipment for offices', 'اللوازم المكتبية', 'القرطاسية والأثاث والمعدات المكتبية'],
  ['Information Technology', 'Hardware, software and IT services', 'تقنية المعلومات', 'الأجهزة والبرمجيات وخدمات تقنية المعلومات'],
  ['Healthcare', 'Clinics, pharmacies and medical supplies', 'الرعاية الصحية', 'العيادات والصيدليات والمستلزمات الطبية'],
  ['Logistics', 'Transport, freight and warehousing', 'الخدمات اللوجستية', 'النقل والشحن والتخزين'],
  ['Packaging', 'Boxes, films and packaging materials', 'التغليف', 'الصناديق والأغشية ومواد التغليف'],
  ['Manufacturing', 'Factories and light industry', 'التصنيع', 'المصانع والصناعات الخفيفة'],
  ['Agriculture', 'Farming, produce and agritech', 'الزراعة', 'الزراعة والمحاصيل والتقنيات الزراعية'],
  ['Automotive', 'Vehicles, parts and maintenance', 'السيارات', 'المركبات وقطع الغيار والصيانة'],
  ['Textiles & Apparel', 'Fabrics, clothing and uniforms', 'المنسوجات والملابس', 'الأقمشة والملابس والأزياء الموحدة'],
  ['Electronics', 'Consumer and industrial electronics', 'الإلكترونيات', 'الإلكترونيات الاستهلاكية والصناعية'],
  ['Cleaning & Hygiene', 'Cleaning products and services', 'التنظيف والنظافة', 'منتجات وخدمات التنظيف'],
  ['Printing', 'Commercial printing and signage', 'الطباعة', 'الطباعة التجارية واللافتات'],
  ['Hospitality', 'Hotels, catering and events', 'الضيافة', 'الفنادق وخدمات الطعام والفعاليات'],
  ['Energy', 'Oil and gas services, solar and power', 'الطاقة', 'خدمات النفط والغاز والطاقة الشمسية والكهرباء'],
  ['Education', 'Schools, training and learning materials', 'التعليم', 'المدارس والتدريب والمواد التعليمية'],
] as const;

const DEMO_INSURERS = [
  { name: 'Gulf Insurance', priority: 1, email: 'insurer1@example.com' },
  { name: 'Kuwait Re', priority: 2, email: 'insurer2@example.com' },
] as const;

interface DemoParty {
  email: string;
  role: 'sme' | 'provider';
  level: number;
  first: string;
  last: string;
  title: string;
  text: string;
  categories: string[];
  phone: string;
  credit?: { request: number; limit: number; plan: number[] };
  taxRate?: number;
  website?: string;
  /** The note an operator wrote with the decision that reached a level, as the real step leaves it. */
  notes?: Record<number, string>;
}

/** What the timeline says of each level a demo party went through (level 7 adds its credit). */
const LEVEL_LOG: Record<number, LogCode> = {
  0: 'accountCreated',
  1: 'emailVerified',
  2: 'phoneVerified',
  3: 'infoAdded',
  4: 'documentsUploaded',
  5: 'verified',
  6: 'verified',
  7: 'creditGranted',
  8: 'activated',
};

const DEMO_PARTIES: DemoParty[] = [
  {
    email: 'sme@example.com',
    role: 'sme',
    level: 8,
    first: 'Fatima',
    last: 'Al-Sabah',
    title: 'Al Noor Trading',
    text: 'Family-run trading company supplying household goods to retailers across Kuwait.',
    categories: ['Retail', 'Wholesale'],
    phone: '55501234',
    credit: { request: 15_000, limit: 10_000, plan: [0.25, 0.25, 0.25, 0.25] },
  },
  {
    email: 'sme-new@example.com',
    role: 'sme',
    level: 1,
    first: 'Omar',
    last: 'Haddad',
    title: 'Blue Dhow Cafe',
    text: 'Specialty coffee shop in Salmiya.',
    categories: ['Food & Beverage'],
    phone: '55502345',
  },
  {
    email: 'sme-review@example.com',
    role: 'sme',
    level: 4,
    first: 'Layla',
    last: 'Mansour',
    title: 'Pearl Logistics',
    text: 'Last-mile delivery for online shops in Kuwait City.',
    categories: ['Logistics'],
    phone: '55503456',
    credit: { request: 25_000, limit: 0, plan: [] },
  },
  {
    // verified by the admin: waiting in the bank's queue
    email: 'sme-bank@example.com',
    role: 'sme',
    level: 5,
    first: 'Yousef',
    last: 'Al-Ghanim',
    title: 'Salmiya Print House',
    text: 'Commercial printing, signage and packaging prints for shops and restaurants.',
    categories: ['Printing', 'Retail'],
    phone: '55508901',
    credit: { request: 18_000, limit: 0, plan: [] },
    notes: { 5: 'All four documents checked against the commercial registry; shareholders match the CR.' },
  },
  {
    // verified by the bank: first in Gulf Insurance's queue (priority 1, nobody has declined it)
    email: 'sme-insurance@example.com',
    role: 'sme',
    level: 6,
    first: 'Mariam',
    last: 'Al-Otaibi',
    title: 'Gulf Cold Chain',
    text: 'Refrigerated storage and delivery for food importers and pharmacies.',
    categories: ['Logistics', 'Healthcare'],
    phone: '55509012',
    credit: { request: 30_000, limit: 0, plan: [] },
    notes: {
      5: 'Documents complete and consistent; trading since 2016.',
      6: 'IBAN confirmed with the account holder; twelve months of steady turnover, no returned cheques.',
    },
  },
  {
    email: 'supplier@example.com',
    role: 'provider',
    level: 5,
    first: 'Khalid',
    last: 'Al-Rashid',
    title: 'Desert Office Supplies',
    text: 'Office furniture, stationery and printers delivered within 48 hours across the Gulf.',
    categories: ['Office Supplies', 'Information Technology'],
    phone: '55504567',
    taxRate: 0.1,
    website: 'https://desert-office.example',
  },
  {
    email: 'supplier2@example.com',
    role: 'provider',
    level: 5,
    first: 'Noura',
    last: 'Al-Hajri',
    title: 'Gulf Packaging Co',
    text: 'Corrugated boxes, food-grade packaging and custom printed bags.',
    categories: ['Packaging', 'Printing'],
    phone: '55505678',
    taxRate: 0.08,
    website: 'https://gulf-packaging.example',
  },
  {
    email: 'supplier3@example.com',
    role: 'provider',
    level: 5,
    first: 'Ahmed',
    last: 'Al-Khalifa',
    title: 'Bahrain Fresh Foods',
    text: 'Fresh produce and dairy for restaurants and cafes, delivered daily.',
    categories: ['Food & Beverage', 'Agriculture'],
    phone: '55506789',
    taxRate: 0.12,
    website: 'https://bahrain-fresh.example',
  },
  {
    email: 'supplier-review@example.com',
    role: 'provider',
    level: 4,
    first: 'Sara',
    last: 'Al-Mutairi',
    title: 'Kuwait Build Materials',
    text: 'Cement, steel and tiles for contractors.',
    categories: ['Building Materials', 'Construction'],
    phone: '55507890',
    website: 'https://kuwait-build.example',
  },
];

/**
 * A one-page PDF naming the document, standing in for a real scan: a complete file (exact stream
 * length, cross-reference table, trailer), so strict readers and the upload check accept it.
 */
export function samplePdf(title: string): Buffer {
  // Printable ASCII only, so string offsets are byte offsets; no characters that end a PDF string.
  const text = `Sample document: ${title}`.replace(/[^\x20-\x7e]|[()\\]/g, '');
  const content = `BT /F1 18 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

async function insertAccount(
  tx: Tx,
  values: { email: string; passwordHash: string; role: Role; name: string; insuranceCompanyId?: string | null; mfaSecret?: string },
) {
  const selfRegistered = values.role === 'sme' || values.role === 'provider';
  const [user] = await tx
    .insert(users)
    .values({ ...values, emailVerifiedAt: selfRegistered ? new Date() : null, mfaEnabledAt: values.mfaSecret ? new Date() : null })
    .returning({ id: users.id });
  if (!user) throw new Error(`could not seed ${values.email}`);
  return user.id;
}

export async function seedDemoData(db: Db, storage: FileStorage, sessionSecret: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Back-office accounts sign in with a second step: enrolled with the documented demo secret.
  const mfaSecret = createSecretBox(sessionSecret, MFA_SECRET_PURPOSE).seal(DEMO_TOTP_SECRET);
  const adminLogins: { userId: string; role: Role }[] = [];
  const stored: string[] = [];
  try {
    await withTransaction(db, async (tx) => {
      await tx.insert(signupCodes).values([
        { role: 'sme', code: DEMO_SIGNUP_CODES.sme },
        { role: 'provider', code: DEMO_SIGNUP_CODES.provider },
      ]);
      const categoryRows = await tx
        .insert(categories)
        .values(DEMO_CATEGORIES.map(([title, desc, titleAr, descAr]) => ({ title, desc, titleAr, descAr })))
        .returning({ id: categories.id, title: categories.title });
      const categoryId = new Map(categoryRows.map((c) => [c.title, c.id]));
      const companies = await tx
        .insert(insuranceCompanies)
        .values(DEMO_INSURERS.map(({ name, priority }) => ({ name, priority })))
        .returning({ id: insuranceCompanies.id, name: insuranceCompanies.name });

      adminLogins.push({ userId: await insertAccount(tx, { email: 'admin@example.com', passwordHash, role: 'admin', name: 'Platform Admin', mfaSecret }), role: 'admin' });
      adminLogins.push({ userId: await insertAccount(tx, { email: 'bank@example.com', passwordHash, role: 'bank', name: 'National Bank', mfaSecret }), role: 'bank' });
      for (const insurer of DEMO_INSURERS) {
        const insuranceCompanyId = companies.find((c) => c.name === insurer.name)?.id ?? null;
        adminLogins.push({
          userId: await insertAccount(tx, { email: insurer.email, passwordHash, role: 'insurance', name: insurer.name, insuranceCompanyId, mfaSecret }),
          role: 'insurance',
        });
      }
      // A second bank user: payouts at or above the approval threshold need two (DESIGN.md §8).
      adminLogins.push({ userId: await insertAccount(tx, { email: 'bank2@example.com', passwordHash, role: 'bank', name: 'National Bank (approver)', mfaSecret }), role: 'bank' });
      const operatorOf = (level: number) =>
        level === 5 || level === 8 ? adminLogins[0] : level === 6 ? adminLogins[1] : level === 7 ? adminLogins[2] : undefined;

      for (const party of DEMO_PARTIES) {
        const userId = await insertAccount(tx, { email: party.email, passwordHash, role: party.role, name: party.title });
        const common = {
          userId,
          level: party.level,
          firstName: party.first,
          lastName: party.last,
          companyTitle: party.title,
          companyDesc: party.text,
          address: 'Kuwait City, Kuwait',
          phoneCountryCode: '965',
          phoneNumber: party.phone,
          adminVerified: party.level >= 5,
          bankVerified: party.role === 'sme' && party.level >= 6,
        };
        if (party.role === 'sme') {
          const limit = toMinorUnits(party.credit?.limit ?? 0);
          await tx.insert(smes).values({
            ...common,
            creditRequest: toMinorUnits(party.credit?.request ?? 0),
            creditLimit: limit,
            creditAmount: limit,
            installmentPlan: (party.credit?.plan ?? []).map(fractionToBasisPoints),
            // the first demo insurer granted the credit of level 7 (see operatorOf)
            insuredBy: party.level >= 7 ? (companies.find((c) => c.name === DEMO_INSURERS[0].name)?.id ?? null) : null,
          });
        } else {
          await tx.insert(providers).values({
            ...common,
            website: party.website,
            companyVat: `KW${party.phone}`,
            taxRate: party.taxRate === undefined ? null : fractionToBasisPoints(party.taxRate),
          });
        }
        await tx.insert(partyCategories).values(
          party.categories.map((title) => {
            const id = categoryId.get(title);
            if (!id) throw new Error(`unknown demo category ${title}`);
            return { userId, categoryId: id };
          }),
        );
        for (let level = 0; level <= party.level; level += 1) {
          const operator = operatorOf(level);
          await tx.insert(verificationLogs).values({
            userId,
            level,
            code: LEVEL_LOG[level] ?? null,
            desc: party.notes?.[level] ?? '',
            // The insurer of level 7 is the first demo insurer (see operatorOf).
            params: level === 7 ? { amount: party.credit?.limit ?? 0, company: DEMO_INSURERS[0].name } : {},
            operatorUserId: operator?.userId ?? userId,
            operatorRole: operator?.role ?? party.role,
            createdAt: new Date(Date.now() - (party.level - level + 1) * 86_400_000),
          });
        }
        if (party.level >= 4) {
          for (const title of party.role === 'sme' ? SME_REQUIRED_DOCUMENTS : PROVIDER_REQUIRED_DOCUMENTS) {
            const bytes = samplePdf(title);
            const fileName = await storage.save(bytes, 'pdf');
            stored.push(fileName);
            await tx.insert(documents).values({ userId, title, fileName, originalName: `${title}.pdf`, mime: 'application/pdf', size: bytes.length });
          }
        }
      }
    });
  } catch (error) {
    await Promise.all(stored.map((name) => storage.remove(name)));
    throw error;
  }
}
