// The <title> of every route of ./paths.ts: one key of the common 'pageTitle' strings per route, read by
// the one component that sets document.title (app/document-title.tsx), so no page sets its own. It is
// also the app's list of known addresses: a path that matches none of them is not found.
import { matchRoutes } from 'react-router';
import type { CommonResources } from '@/i18n/locales/en';
import { paths } from './paths';

export type PageTitleKey = Exclude<keyof CommonResources['pageTitle'], 'format'>;

type Paths = typeof paths;

/** A title for each route of paths.ts, the compiler keeping the two in step. */
type TitleMap = {
  [Group in keyof Paths]: Paths[Group] extends { path: string }
    ? PageTitleKey
    : { [Route in keyof Paths[Group]]: Paths[Group][Route] extends { path: string } ? PageTitleKey : never };
};

export const PAGE_TITLES: TitleMap = {
  home: 'home',
  public: {
    // the public area's own address is the home page
    area: 'home',
    landing: 'home',
    aboutUs: 'aboutUs',
    contactUs: 'contactUs',
    faq: 'faq',
    terms: 'terms',
    profile: 'demoProfile',
    preRegister: 'preRegister',
    deliveredOrder: 'deliveredOrder',
    payOrder: 'payOrder',
    payInstalment: 'payInstalment',
  },
  gateway: { sandbox: 'gateway' },
  mfaSetup: 'mfaSetup',
  auth: {
    // /auth and /auth/register lead to sign-in and sign-up: their titles, for the moment they show
    area: 'login',
    login: 'login',
    registerRoot: 'register',
    register: 'register',
    forgotPassword: 'forgotPassword',
    resetPassword: 'resetPassword',
    setPassword: 'setPassword',
  },
  sme: {
    area: 'profile',
    verification: 'verification',
    profile: 'profile',
    dashboard: 'dashboard',
    suppliers: 'suppliers',
    supplier: 'supplier',
    orders: 'orders',
    order: 'order',
    receipt: 'receipt',
    paymentResult: 'paymentResult',
    invoices: 'invoices',
    account: 'account',
  },
  provider: {
    area: 'profile',
    verification: 'verification',
    profile: 'profile',
    dashboard: 'dashboard',
    orders: 'orders',
    order: 'order',
    remittance: 'remittance',
    account: 'account',
  },
  admin: {
    area: 'dashboard',
    dashboard: 'dashboard',
    preRegistered: 'preRegistered',
    smes: 'smes',
    sme: 'smeProfile',
    smeInfo: 'smeProfile',
    smeDocuments: 'smeDocuments',
    smeTimeline: 'smeTimeline',
    suppliers: 'suppliers',
    supplier: 'supplierProfile',
    supplierInfo: 'supplierProfile',
    supplierDocuments: 'supplierDocuments',
    supplierTimeline: 'supplierTimeline',
    orders: 'orders',
    order: 'order',
    installments: 'instalments',
    settings: 'settings',
    outbox: 'outbox',
    users: 'users',
    audit: 'audit',
    reconciliation: 'reconciliation',
    payments: 'payments',
    account: 'account',
  },
  bank: {
    area: 'dashboard',
    dashboard: 'dashboard',
    smes: 'smes',
    sme: 'smeProfile',
    smeInfo: 'smeProfile',
    smeDocuments: 'smeDocuments',
    orders: 'orders',
    order: 'order',
    installments: 'instalments',
    approvals: 'approvals',
    account: 'account',
  },
  insurance: {
    area: 'dashboard',
    dashboard: 'dashboard',
    smes: 'smes',
    sme: 'smeProfile',
    smeInfo: 'smeProfile',
    smeDocuments: 'smeDocuments',
    orders: 'orders',
    order: 'order',
    account: 'account',
  },
};

type TitledRoute = { path: string; title: PageTitleKey };

/**
 * The absolute pattern of a route: an area's pages are relative to the area ('/sme/*' + 'orders'),
 * and an area itself stands for its own address only ('/sme'), so that an unknown page inside it
 * matches nothing.
 */
function absolutePattern(path: string, area: string | undefined): string {
  if (path.endsWith('/*')) return path.slice(0, -2) || '/';
  if (path.startsWith('/')) return path;
  return `${(area ?? '/').replace(/\*$/, '')}${path}`;
}

function titledRoutes(): TitledRoute[] {
  const routes: TitledRoute[] = [{ path: paths.home.path, title: PAGE_TITLES.home }];
  for (const group of ['public', 'gateway', 'auth', 'sme', 'provider', 'admin', 'bank', 'insurance'] as const) {
    const entries = Object.entries(paths[group]) as [string, { path: string }][];
    const titles = PAGE_TITLES[group] as Record<string, PageTitleKey>;
    const area = 'area' in paths[group] ? (paths[group] as { area: { path: string } }).area.path : undefined;
    for (const [name, route] of entries) {
      const title = titles[name];
      if (title) routes.push({ path: absolutePattern(route.path, area), title });
    }
  }
  return routes;
}

const ROUTES = titledRoutes();

/** The title of the page at this address, or null when no route of the app has it (not found). */
export function findPageTitle(pathname: string): PageTitleKey | null {
  const matches = matchRoutes(ROUTES, pathname);
  return matches?.at(-1)?.route.title ?? null;
}
