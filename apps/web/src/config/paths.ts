// Every route string of the web app, in one place.
// `path` is what a <Route> matches: top-level areas are absolute ('/sme/*'), pages inside an area are
// relative to it ('profile'). `getHref` always builds the absolute link.
import type { Role, SelfRegisterRole } from '@qist/domain';

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', getHref: () => '/' },

  public: {
    area: { path: '/*', getHref: () => '/' },
    landing: { path: 'landing', getHref: () => '/landing' },
    aboutUs: { path: 'about-us', getHref: () => '/about-us' },
    contactUs: { path: 'contact-us', getHref: () => '/contact-us' },
    faq: { path: 'faq', getHref: () => '/faq' },
    terms: { path: 'terms', getHref: () => '/terms' },
    profile: { path: 'profile', getHref: () => '/profile' },
    preRegister: { path: 'pre-register', getHref: () => '/pre-register' },
    deliveredOrder: { path: 'delivered-order', getHref: () => '/delivered-order' },
    payOrder: { path: 'pay-order', getHref: () => '/pay-order' },
    payInstalment: { path: 'pay-instalment', getHref: () => '/pay-instalment' },
  },

  /** The built-in sandbox payment gateway's hosted page (DESIGN.md §7): public, outside every area. */
  gateway: {
    sandbox: {
      path: '/gateway/sandbox/:transactionId',
      getHref: (transactionId: string) => `/gateway/sandbox/${id(transactionId)}`,
    },
  },

  auth: {
    area: { path: '/auth/*', getHref: () => '/auth/login' },
    login: { path: 'login', getHref: () => '/auth/login' },
    registerRoot: { path: 'register', getHref: () => '/auth/register/sme' },
    register: {
      path: 'register/:role',
      getHref: (role: SelfRegisterRole = 'sme') => `/auth/register/${role}`,
    },
    forgotPassword: { path: 'forgot-password', getHref: () => '/auth/forgot-password' },
    /** The emailed link's page (the server writes PUBLIC_URL/auth/reset-password?token=…). */
    resetPassword: { path: 'reset-password', getHref: () => '/auth/reset-password' },
    /** An invitation's page (the server writes PUBLIC_URL/auth/set-password?token=…). */
    setPassword: { path: 'set-password', getHref: () => '/auth/set-password' },
  },

  /** Two-step sign-in set-up, for a signed-in account whose role needs it (outside every area). */
  mfaSetup: { path: '/two-step-setup', getHref: () => '/two-step-setup' },

  sme: {
    area: { path: '/sme/*', getHref: () => '/sme' },
    verification: { path: 'verification', getHref: () => '/sme/verification' },
    profile: { path: 'profile', getHref: () => '/sme/profile' },
    dashboard: { path: 'dashboard', getHref: () => '/sme/dashboard' },
    suppliers: { path: 'supplier', getHref: () => '/sme/supplier' },
    supplier: { path: 'supplier/:id', getHref: (supplierId: string) => `/sme/supplier/${id(supplierId)}` },
    orders: { path: 'orders', getHref: () => '/sme/orders' },
    order: { path: 'order/:id', getHref: (orderId: string) => `/sme/order/${id(orderId)}` },
    /** The printable receipt of an order's paid instalment, by its number in paying order (from 1). */
    receipt: {
      path: 'order/:id/receipt/:installment',
      getHref: (orderId: string, installment: number) => `/sme/order/${id(orderId)}/receipt/${installment}`,
    },
    paymentResult: {
      path: 'payment-result/:id',
      getHref: (transactionId: string) => `/sme/payment-result/${id(transactionId)}`,
    },
    invoices: { path: 'invoices', getHref: () => '/sme/invoices' },
    account: { path: 'account', getHref: () => '/sme/account' },
  },

  provider: {
    area: { path: '/provider/*', getHref: () => '/provider' },
    verification: { path: 'verification', getHref: () => '/provider/verification' },
    profile: { path: 'profile', getHref: () => '/provider/profile' },
    dashboard: { path: 'dashboard', getHref: () => '/provider/dashboard' },
    orders: { path: 'orders', getHref: () => '/provider/orders' },
    order: { path: 'order/:id', getHref: (orderId: string) => `/provider/order/${id(orderId)}` },
    /** The printable remittance advice of a paid-out order. */
    remittance: { path: 'order/:id/remittance', getHref: (orderId: string) => `/provider/order/${id(orderId)}/remittance` },
    account: { path: 'account', getHref: () => '/provider/account' },
  },

  admin: {
    area: { path: '/admin/*', getHref: () => '/admin' },
    dashboard: { path: 'dashboard', getHref: () => '/admin/dashboard' },
    preRegistered: { path: 'pre-registered', getHref: () => '/admin/pre-registered' },
    smes: { path: 'sme', getHref: () => '/admin/sme' },
    sme: { path: 'sme/:id', getHref: (smeId: string) => `/admin/sme/${id(smeId)}/info` },
    smeInfo: { path: 'sme/:id/info', getHref: (smeId: string) => `/admin/sme/${id(smeId)}/info` },
    smeDocuments: { path: 'sme/:id/documents', getHref: (smeId: string) => `/admin/sme/${id(smeId)}/documents` },
    smeTimeline: {
      path: 'sme/:id/verification_timeline',
      getHref: (smeId: string) => `/admin/sme/${id(smeId)}/verification_timeline`,
    },
    suppliers: { path: 'supplier', getHref: () => '/admin/supplier' },
    supplier: { path: 'supplier/:id', getHref: (supplierId: string) => `/admin/supplier/${id(supplierId)}/info` },
    supplierInfo: {
      path: 'supplier/:id/info',
      getHref: (supplierId: string) => `/admin/supplier/${id(supplierId)}/info`,
    },
    supplierDocuments: {
      path: 'supplier/:id/documents',
      getHref: (supplierId: string) => `/admin/supplier/${id(supplierId)}/documents`,
    },
    supplierTimeline: {
      path: 'supplier/:id/verification_timeline',
      getHref: (supplierId: string) => `/admin/supplier/${id(supplierId)}/verification_timeline`,
    },
    orders: { path: 'orders', getHref: () => '/admin/orders' },
    order: { path: 'order/:id', getHref: (orderId: string) => `/admin/order/${id(orderId)}` },
    installments: { path: 'installments', getHref: () => '/admin/installments' },
    settings: { path: 'settings', getHref: () => '/admin/settings' },
    outbox: { path: 'outbox', getHref: () => '/admin/outbox' },
    users: { path: 'users', getHref: () => '/admin/users' },
    audit: { path: 'audit', getHref: () => '/admin/audit' },
    reconciliation: { path: 'reconciliation', getHref: (date?: string) => `/admin/reconciliation${date ? `?date=${encodeURIComponent(date)}` : ''}` },
    /** Refunds and payment anomalies (?tab=anomalies opens the second tab). */
    payments: {
      path: 'payments',
      getHref: (tab: 'refunds' | 'anomalies' = 'refunds') => (tab === 'refunds' ? '/admin/payments' : `/admin/payments?tab=${tab}`),
    },
    account: { path: 'account', getHref: () => '/admin/account' },
  },

  bank: {
    area: { path: '/bank/*', getHref: () => '/bank' },
    dashboard: { path: 'dashboard', getHref: () => '/bank/dashboard' },
    smes: { path: 'sme', getHref: () => '/bank/sme' },
    sme: { path: 'sme/:id', getHref: (smeId: string) => `/bank/sme/${id(smeId)}/info` },
    smeInfo: { path: 'sme/:id/info', getHref: (smeId: string) => `/bank/sme/${id(smeId)}/info` },
    smeDocuments: { path: 'sme/:id/documents', getHref: (smeId: string) => `/bank/sme/${id(smeId)}/documents` },
    orders: { path: 'orders', getHref: () => '/bank/orders' },
    order: { path: 'order/:id', getHref: (orderId: string) => `/bank/order/${id(orderId)}` },
    installments: { path: 'installments', getHref: () => '/bank/installments' },
    approvals: { path: 'approvals', getHref: () => '/bank/approvals' },
    account: { path: 'account', getHref: () => '/bank/account' },
  },

  insurance: {
    area: { path: '/insurance/*', getHref: () => '/insurance' },
    dashboard: { path: 'dashboard', getHref: () => '/insurance/dashboard' },
    smes: { path: 'sme', getHref: () => '/insurance/sme' },
    sme: { path: 'sme/:id', getHref: (smeId: string) => `/insurance/sme/${id(smeId)}/info` },
    smeInfo: { path: 'sme/:id/info', getHref: (smeId: string) => `/insurance/sme/${id(smeId)}/info` },
    smeDocuments: {
      path: 'sme/:id/documents',
      getHref: (smeId: string) => `/insurance/sme/${id(smeId)}/documents`,
    },
    orders: { path: 'orders', getHref: () => '/insurance/orders' },
    order: { path: 'order/:id', getHref: (orderId: string) => `/insurance/order/${id(orderId)}` },
    account: { path: 'account', getHref: () => '/insurance/account' },
  },
} as const;

/** Where a signed-in user of a role lands: /{role}. */
export function roleHomeHref(role: Role): string {
  return `/${role}`;
}
