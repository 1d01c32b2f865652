// Every operation of the API document, keyed by "METHOD /path" as the document spells it: the stable
// operationId client generators name their functions after, and the summary people read. A route
// without an entry here fails the API document's test, so none is published unnamed.

export interface OperationDoc {
  /** Unique across the document and never renamed: generated clients call it by this name. */
  operationId: string;
  summary: string;
  description?: string;
  /**
   * The route is open at the gate but its handler admits either a bearer token (the owner, or a
   * back-office user who may see the owner) or an unexpired signed link (`exp` and `sig`).
   */
  bearerOrSignedLink?: true;
  /** A multipart/form-data upload: its text fields (name → required) and the name of its one file field. */
  upload?: { fields: Record<string, boolean>; file: string };
  /** What a successful call sends in place of the JSON envelope. */
  produces?: 'csv' | 'document' | 'metrics';
  /** Called by a monitoring system with the operator's `METRICS_TOKEN`, not with a session token. */
  metricsToken?: true;
  /** Request headers the operation reads (name → description); every one is required. */
  headers?: Record<string, string>;
  /** Request headers the operation reads when they are sent (name → description). */
  optionalHeaders?: Record<string, string>;
}

type Table = Record<string, OperationDoc>;

/** The header of the calls that take credit or start a payment (plugins/idempotency.ts). */
const IDEMPOTENCY_KEY: Record<string, string> = {
  'idempotency-key':
    'Optional, 1 to 255 visible characters (a UUID is usual), per account: the same key with the same body within 24 hours answers the first answer (status and body, with `Idempotent-Replayed: true`) and takes effect once, even when sent concurrently; the same key with another request answers 422.',
};

type BackOfficeRole = 'admin' | 'bank' | 'insurance';

/** The keyset paging every order list takes beside `page` (ADR 0027). */
const ORDER_PAGING =
  'Newest first (creation time, then id). Besides `page`, one of: `after` (a cursor: the page of the rows listed after that row, older), `before` (the page of the rows listed before it, newer; when fewer than `perPage` rows precede it, the first page) or `last=true` (the last page, `ceil(count / perPage)`). Every answer carries `cursors.first` and `cursors.last`, the cursors of its first and last rows (null when it has none): opaque strings, passed back as they are. A cursor that is not one answers 400 and reads nothing; two of `after`, `before` and `last` together answer 400. `page` alone reads its page as before; a page far from both ends still skips its offset (in the index), a walk by cursors does not.';

/** The keyset paging of the SME and supplier lists (ADR 0031): the order lists', in the list's `order`. */
const PARTY_PAGING =
  'In the order of creation `order` asks for (newest first by default; ties by id), filtered by `level`. Besides `page`, one of: `after` (a cursor: the page of the rows listed after that row), `before` (the page of the rows listed before it; when fewer than `perPage` rows precede it, the first page) or `last=true` (the last page, `ceil(count / perPage)`). Every answer carries `cursors.first` and `cursors.last`, the cursors of its first and last rows (null when it has none): opaque strings, passed back as they are, with the same `order` and `level`. A cursor that is not one answers 400 and reads nothing; two of `after`, `before` and `last` together answer 400. `page` alone reads its page as before; a page far from both ends still skips its offset (in the index), a walk by cursors does not.';

/** The keyset paging of the instalment list (ADR 0031). */
const INSTALLMENT_PAGING =
  'Newest order first (its creation time, then its id), each order’s instalments in their order. Besides `page`, one of: `after` (a cursor: the page of the instalments listed after that one), `before` (the page of those listed before it; when fewer than `perPage` precede it, the first page) or `last=true` (the last page, `ceil(count / perPage)`). Every answer carries `cursors.first` and `cursors.last`, the cursors of its first and last rows (null when it has none): opaque strings naming an instalment, passed back as they are. A cursor that is not one, or names no instalment, answers 400 and reads nothing; two of `after`, `before` and `last` together answer 400. `status` is taken and ignored (the list has no filter). `page` alone reads its page as before; a page far from both ends still skips its offset (in the list’s index), a walk by cursors does not.';

/** The onboarding calls, the same for SMEs and suppliers under their own prefix. */
function onboarding(kind: 'sme' | 'provider'): Table {
  const base = `/api/v1/${kind}`;
  const party = kind === 'sme' ? 'SME' : 'supplier';
  return {
    [`GET ${base}/email/resend`]: {
      operationId: `${kind}ResendEmailCode`,
      summary: 'Send a new email verification code (at most one every 20 s)',
    },
    [`POST ${base}/email/validate`]: { operationId: `${kind}ValidateEmail`, summary: 'Check the email code (level 0 → 1)' },
    [`POST ${base}/phone/add`]: { operationId: `${kind}AddPhone`, summary: 'Add a Gulf phone number and send it a code' },
    [`POST ${base}/phone/validate`]: { operationId: `${kind}ValidatePhone`, summary: 'Check the phone code (level 1 → 2)' },
    [`POST ${base}/info/add`]: {
      operationId: `${kind}AddCompanyInfo`,
      summary: 'Add the company information (level 2 → 3), or edit it after a conditional rejection (-2 → 3)',
    },
    [`GET ${base}/categories/list`]: { operationId: `${kind}ListCategories`, summary: 'List the industries a company may pick' },
    [`POST ${base}/doc/upload`]: {
      operationId: `${kind}UploadDocument`,
      summary: 'Upload one KYC document as a multipart form (PDF, PNG, JPEG or WebP, at most 10 MB)',
      description: `The form carries the document's \`title\`, an optional \`description\` and the file in \`${kind}Doc\`.`,
      upload: { fields: { title: true, description: false }, file: `${kind}Doc` },
    },
    [`DELETE ${base}/doc/upload`]: {
      operationId: `${kind}DeleteDocument`,
      summary: 'Delete one of its own documents before the documents are confirmed',
    },
    [`GET ${base}/doc/list`]: { operationId: `${kind}ListDocuments`, summary: 'List its own documents, with signed links to each file' },
    [`POST ${base}/doc/confirm`]: {
      operationId: `${kind}ConfirmDocuments`,
      summary: 'Confirm the documents once every required title is present (level 3 → 4)',
    },
    [`GET ${base}/log/list`]: { operationId: `${kind}ListTimeline`, summary: 'Its verification timeline, oldest first' },
    [`GET ${base}/profile/get`]: { operationId: `${kind}GetProfile`, summary: `Its ${party} profile, with its documents and level` },
  };
}

/** The SME lists and profiles every back-office role reads, each within what it may see. */
function backOfficeSmes(role: BackOfficeRole): Table {
  const base = `/api/v1/${role}/sme`;
  const which = role === 'insurance' ? 'the SMEs in the company’s queue and those it decided on' : 'SMEs';
  return {
    [`GET ${base}/list`]: { operationId: `${role}ListSmes`, summary: `List ${which}, filtered by level, a page at a time`, description: PARTY_PAGING },
    [`GET ${base}/export`]: { operationId: `${role}ExportSmes`, summary: `Export ${which} as CSV, with the list's filter`, produces: 'csv' },
    [`GET ${base}/show/{id}`]: { operationId: `${role}GetSme`, summary: 'Show an SME’s profile, with its documents' },
    [`GET ${base}/log/list/{id}`]: { operationId: `${role}ListSmeTimeline`, summary: 'An SME’s verification timeline, oldest first' },
  };
}

/** The order lists of the back office. */
function backOfficeOrders(role: BackOfficeRole): Table {
  const base = `/api/v1/${role}/order`;
  const which = role === 'insurance' ? 'the orders of the SMEs the company insured' : 'every order';
  return {
    [`GET ${base}/list`]: { operationId: `${role}ListOrders`, summary: `List ${which}, filtered by status or lateness`, description: ORDER_PAGING },
    [`GET ${base}/show/{id}`]: {
      operationId: `${role}GetOrder`,
      summary: role === 'insurance' ? 'Show an order of an insured SME' : 'Show an order with its payout breakdown',
    },
    [`GET ${base}/export`]: { operationId: `${role}ExportOrders`, summary: `Export ${which} as CSV, with the list's filter`, produces: 'csv' },
  };
}

/** The instalment lists of the admin and the bank. */
function installments(role: 'admin' | 'bank'): Table {
  return {
    [`GET /api/v1/${role}/installment/list`]: { operationId: `${role}ListInstallments`, summary: 'List every instalment with its order, a page at a time', description: INSTALLMENT_PAGING },
    [`GET /api/v1/${role}/installment/export`]: { operationId: `${role}ExportInstallments`, summary: 'Export every instalment as CSV', produces: 'csv' },
  };
}

export const OPERATIONS: Table = {
  // ---- health, metrics and accounts
  'GET /api/health': {
    operationId: 'getHealth',
    summary: 'Report whether the service is up: its database answers and carries the migrations',
  },
  'GET /metrics': {
    operationId: 'getMetrics',
    summary: 'The service’s metrics in the Prometheus text format, for a monitoring system to scrape',
    description:
      'Answered only with `Authorization: Bearer <METRICS_TOKEN>` (the server’s setting): request counts and latencies by route pattern and status, the database pool, job runs, outbox and refund backlogs, the ledger’s total (0). Without `METRICS_TOKEN` set the route answers 404, as an unknown one does; a missing or wrong token answers 401. See docs/decisions/0033-metrics.md.',
    metricsToken: true,
    produces: 'metrics',
  },
  'GET /api/v1/pub/config': {
    operationId: 'getPublicConfig',
    summary: 'The platform’s currency (ISO 4217) and its number of decimals, which every amount of the API uses',
    description:
      'Amounts travel in currency units with at most `minorUnit` decimals (3 for KWD, 2 for USD); a request with more is refused with 400. Set by `CURRENCY` at start; a database keeps the currency it was made in.',
  },
  'POST /api/v1/auth/register': { operationId: 'register', summary: 'Sign up as an SME or a supplier with the role’s sign-up code' },
  'POST /api/v1/auth/login': {
    operationId: 'login',
    summary: 'Sign in with email and password and receive a bearer token',
    description:
      'An account with two-step sign-in on gets no session here: `content` is `{ mfaRequired: true, mfaToken }`, and `POST /api/v1/auth/mfa/verify` with that token and a code answers what this route answers otherwise. An account whose role needs two-step sign-in (`MFA_REQUIRED_ROLES`) and has none yet gets a session that reaches only `auth/me`, `auth/mfa/setup`, `auth/mfa/enable`, `auth/logout` and `auth/password/change`; every other route answers 403.',
  },
  'POST /api/v1/auth/mfa/verify': {
    operationId: 'verifyMfa',
    summary: 'The code step of a sign-in',
    description:
      'The `mfaToken` of login (valid 5 minutes) and a 6-digit code of the authenticator app (RFC 6238: SHA-1, 30 s, one step of drift) or one of the recovery codes. Each code is accepted once. Wrong codes are throttled like wrong passwords (429).',
  },
  'POST /api/v1/auth/mfa/setup': {
    operationId: 'setupMfa',
    summary: 'Start setting up two-step sign-in',
    description: 'A new secret and its `otpauth://` URL (issuer Qist, the account’s email), for a QR code; it takes effect only once a code of it is confirmed. 409 when two-step sign-in is already on.',
  },
  'POST /api/v1/auth/mfa/enable': {
    operationId: 'enableMfa',
    summary: 'Turn two-step sign-in on with a code of the new secret',
    description: 'Answers the 10 recovery codes, shown only this once (kept hashed), each usable once in place of a code.',
  },
  'POST /api/v1/auth/mfa/disable': {
    operationId: 'disableMfa',
    summary: 'Turn two-step sign-in off with a code',
    description: 'Refused (403) for a role that needs two-step sign-in (`MFA_REQUIRED_ROLES`). The recovery codes are dropped.',
  },
  'POST /api/v1/auth/logout': { operationId: 'logout', summary: 'Sign out: end the session of the bearer token' },
  'GET /api/v1/auth/me': { operationId: 'getMe', summary: 'The signed-in account, its role and its current level' },
  'PUT /api/v1/auth/language': { operationId: 'setLanguage', summary: 'Set the language of the emails and SMS sent to the signed-in user' },
  'POST /api/v1/auth/password/forgot': {
    operationId: 'forgotPassword',
    summary: 'Ask for a link to choose a new password',
    description:
      'Always the same answer, whether or not an account has the email. When one has, a link `PUBLIC_URL/auth/reset-password?token=…`, valid 1 hour and usable once, is sent by email (and SMS when the account has a phone) in the account’s language. Only the newest link of an account works. Throttled per email and per address (429).',
  },
  'POST /api/v1/auth/password/reset': {
    operationId: 'resetPassword',
    summary: 'Choose a new password with the token of a reset link',
    description:
      'The token works once and within its hour. The password follows the sign-up policy. Sets the password, ends the account’s sign-in lock-out and ends every session of the account.',
  },
  'POST /api/v1/auth/password/set': {
    operationId: 'setInvitedPassword',
    summary: 'Choose the first password of an invited back-office account',
    description:
      'With the token of the invitation link `PUBLIC_URL/auth/set-password?token=…` (valid 24 hours, usable once). The password follows the sign-up policy. Activates the account; then it signs in as usual.',
  },
  'POST /api/v1/auth/password/change': {
    operationId: 'changePassword',
    summary: 'Change the signed-in user’s password',
    description:
      'A wrong current password is refused and counts as a failed sign-in of the account. Every other session of the user ends at once; the session that asked stays.',
  },

  // ---- pre-registration
  'POST /api/v1/ads/form/register': { operationId: 'preRegister', summary: 'Register an SME’s interest from the public pre-registration page' },
  'GET /api/v1/admin/form/list': { operationId: 'adminListPreRegistrations', summary: 'List the pre-registered SMEs, newest first' },
  'GET /api/v1/admin/form/export': { operationId: 'adminExportPreRegistrations', summary: 'Export the pre-registered SMEs as CSV, newest first', produces: 'csv' },

  // ---- onboarding of SMEs and suppliers
  ...onboarding('sme'),
  ...onboarding('provider'),
  'GET /api/v1/pub/{kind}/doc/file/{file}': {
    operationId: 'getPartyDocumentFile',
    summary: 'Download a party’s KYC document',
    description:
      'Served to its owner and to the back-office users who may see the owner (bearer token), or to anyone holding an unexpired signed link (`exp` and `sig`). A file the caller may not see answers 404, as a missing one does.',
    bearerOrSignedLink: true,
    produces: 'document',
  },

  // ---- the back office: SMEs, suppliers, queues, outbox
  ...backOfficeSmes('admin'),
  ...backOfficeSmes('bank'),
  ...backOfficeSmes('insurance'),
  'POST /api/v1/admin/sme/verify': { operationId: 'adminVerifySme', summary: 'Verify an SME’s documents and information (level 4 → 5)' },
  'POST /api/v1/admin/sme/reject': { operationId: 'adminRejectSme', summary: 'Reject an SME: back for edits (-2), or in full (-1)' },
  'POST /api/v1/bank/sme/verify': { operationId: 'bankVerifySme', summary: 'Approve an SME for the bank (level 5 → 6)' },
  'POST /api/v1/bank/sme/reject': { operationId: 'bankRejectSme', summary: 'Reject an SME for the bank: back for edits (-2), or in full (-1)' },
  'POST /api/v1/insurance/sme/verify': {
    operationId: 'insuranceGrantCredit',
    summary: 'Grant a credit line to an SME in the company’s queue (level 6 → 7)',
  },
  'POST /api/v1/insurance/sme/reject': {
    operationId: 'insuranceRejectSme',
    summary: 'Reject an SME (-2), or decline it in full so the next company gets it (-6 when none is left)',
  },
  'POST /api/v1/admin/sme/active': { operationId: 'adminActivateSme', summary: 'Set an SME’s instalment plan and activate it (level 7 → 8)' },
  'GET /api/v1/admin/queue/counts': {
    operationId: 'adminGetQueueCounts',
    summary: 'Count what waits for the admin: SMEs and suppliers at level 4, invoices to verify',
  },
  'GET /api/v1/bank/queue/counts': { operationId: 'bankGetQueueCounts', summary: 'Count what waits for the bank: SMEs at level 5, orders awaiting payout' },
  'GET /api/v1/insurance/queue/counts': { operationId: 'insuranceGetQueueCounts', summary: 'Count the SMEs waiting in the company’s queue' },
  'GET /api/v1/admin/provider/list': { operationId: 'adminListProviders', summary: 'List suppliers, filtered by level, a page at a time', description: PARTY_PAGING },
  'GET /api/v1/admin/provider/export': { operationId: 'adminExportProviders', summary: 'Export the suppliers as CSV, with the list’s filter', produces: 'csv' },
  'GET /api/v1/admin/provider/show/{id}': { operationId: 'adminGetProvider', summary: 'Show a supplier’s profile, with its documents' },
  'GET /api/v1/admin/provider/log/list/{id}': { operationId: 'adminListProviderTimeline', summary: 'A supplier’s verification timeline, oldest first' },
  'POST /api/v1/admin/provider/verify': { operationId: 'adminVerifyProvider', summary: 'Verify a supplier and set its discount rate (level 4 → 5)' },
  'POST /api/v1/admin/provider/reject': { operationId: 'adminRejectProvider', summary: 'Reject a supplier: back for edits (-2), or in full (-1)' },
  'GET /api/v1/admin/outbox/list': { operationId: 'adminListOutbox', summary: 'List the emails and SMS sent, or kept in the demo outbox' },

  // ---- the audit trail
  'GET /api/v1/admin/audit/list': {
    operationId: 'adminListAuditEvents',
    summary: 'List the audit trail, newest first, filtered by action, actor, target and time',
    description: '`actor` is an email or an account id; `from` and `to` are days or ISO times, `to` as a day includes that whole day (UTC).',
  },
  'GET /api/v1/admin/audit/export': { operationId: 'adminExportAuditEvents', summary: 'Export the audit trail as CSV, with the list’s filters', produces: 'csv' },

  // ---- platform settings
  'GET /api/v1/admin/categories/list': { operationId: 'adminListCategories', summary: 'List every industry' },
  'GET /api/v1/admin/category': { operationId: 'adminGetCategories', summary: 'List every industry (the same answer as the categories list)' },
  'POST /api/v1/admin/category': { operationId: 'adminCreateCategory', summary: 'Create an industry' },
  'PUT /api/v1/admin/category': { operationId: 'adminUpdateCategory', summary: 'Edit an industry' },
  'GET /api/v1/admin/bank/share-rate': { operationId: 'adminGetBankShareRate', summary: 'The bank’s share of supplier discounts' },
  'PUT /api/v1/admin/bank/share-rate': { operationId: 'adminSetBankShareRate', summary: 'Set the bank’s share of supplier discounts' },
  'GET /api/v1/admin/payout/approval-threshold': {
    operationId: 'getPayoutApprovalThreshold',
    summary: 'The payout approval threshold (admin and bank)',
    description: 'In currency units; a bank payout of at least this amount needs a second bank user. 0 (the default): every payout.',
  },
  'PUT /api/v1/admin/payout/approval-threshold': { operationId: 'adminSetPayoutApprovalThreshold', summary: 'Set the payout approval threshold' },
  'GET /api/v1/admin/insurance/order': { operationId: 'adminGetInsuranceOrder', summary: 'List the insurance companies in priority order' },
  'POST /api/v1/admin/insurance/order': { operationId: 'adminSetInsuranceOrder', summary: 'Reorder the insurance companies’ priority' },
  'GET /api/v1/admin/user/list': { operationId: 'adminListUsers', summary: 'List the back-office users (admin, bank, insurance), newest first, a page at a time' },
  'POST /api/v1/admin/user/invite': {
    operationId: 'adminInviteUser',
    summary: 'Invite a back-office user',
    description:
      'Creates the account inactive and sends a link `PUBLIC_URL/auth/set-password?token=…`, valid 24 hours, through the outbox (one email in English and Arabic). An insurance user needs its `company`. An email already used answers 409, except by an account whose invitation is not accepted yet: it gets a new link and the old one stops working.',
  },
  'POST /api/v1/admin/user/disable': {
    operationId: 'adminDisableUser',
    summary: 'Disable a back-office user',
    description:
      'The account can no longer sign in and every session of it ends at once. An admin cannot disable itself (400) or the last active admin (409); an invitation not accepted yet cannot be disabled or enabled (409).',
  },
  'POST /api/v1/admin/user/enable': { operationId: 'adminEnableUser', summary: 'Enable a disabled back-office user' },
  'GET /api/v1/admin/signup-codes': { operationId: 'adminGetSignupCodes', summary: 'The sign-up codes of SMEs and suppliers' },
  'PUT /api/v1/admin/signup-codes': { operationId: 'adminSetSignupCode', summary: 'Change a role’s sign-up code' },

  // ---- an SME buys on credit and pays
  'GET /api/v1/sme/provider/list': { operationId: 'smeListProviders', summary: 'List the verified suppliers an SME may buy from' },
  'GET /api/v1/sme/provider/show/{id}': { operationId: 'smeGetProvider', summary: 'Show a verified supplier’s business card' },
  'POST /api/v1/sme/order/create': { operationId: 'smeCreateOrder', summary: 'Create an order on credit with a supplier', optionalHeaders: IDEMPOTENCY_KEY },
  'POST /api/v1/sme/order/cancel': { operationId: 'smeCancelOrder', summary: 'Cancel an order before its first payment' },
  'GET /api/v1/sme/order/list': { operationId: 'smeListOrders', summary: 'List the SME’s orders, filtered by status or lateness', description: ORDER_PAGING },
  'GET /api/v1/sme/invoice/list': { operationId: 'smeListInvoices', summary: 'List the SME’s invoices (its orders with an uploaded invoice)', description: ORDER_PAGING },
  'GET /api/v1/sme/order/show/{id}': { operationId: 'smeGetOrder', summary: 'Show one of the SME’s orders with its instalments' },
  'POST /api/v1/sme/pay/init': {
    operationId: 'smeStartFirstPayment',
    summary: 'Start paying an order’s first instalment at the payment gateway',
    optionalHeaders: IDEMPOTENCY_KEY,
  },
  'POST /api/v1/sme/pay/installment': {
    operationId: 'smeStartInstallmentPayment',
    summary: 'Start paying an order’s earliest unpaid instalment',
    optionalHeaders: IDEMPOTENCY_KEY,
  },
  'POST /api/v1/sme/pay/verify': { operationId: 'smeVerifyPayment', summary: 'Settle a payment by the gateway’s word (idempotent)' },
  'POST /api/v1/pub/gateway/callback': {
    operationId: 'receiveGatewayCallback',
    summary: 'Receive the payment gateway’s signed callback',
    description: 'Called by the payment gateway, not by users: the body is accepted only with a valid signature over its raw bytes.',
    headers: { 'x-gateway-signature': 'HMAC-SHA256 signature of the raw request body, as the payment gateway computes it' },
  },
  'POST /api/v1/pub/gateway/myfatoorah/webhook': {
    operationId: 'receiveMyFatoorahWebhook',
    summary: 'Receive MyFatoorah’s signed webhooks (version 2)',
    description:
      'Called by MyFatoorah, not by users. Accepted only with the `MyFatoorah-Signature` MyFatoorah computes over the event’s signed fields (read from the raw body) with the webhook secret key; a payment event makes the platform ask GetPaymentStatus and settle by that answer, a refund event makes it ask GetRefundStatus, so a replay changes nothing. Refused (403) where MyFatoorah is not the gateway in use; 503 when MyFatoorah itself does not answer clearly (it retries).',
    headers: { 'myfatoorah-signature': 'Base64 HMAC-SHA256, with the webhook secret key, of the event’s signed fields as MyFatoorah documents them' },
  },
  'GET /api/v1/pub/gateway/sandbox/{transactionId}': { operationId: 'sandboxGetPayment', summary: 'Show a sandbox payment, as its test payment page does' },
  'POST /api/v1/pub/gateway/sandbox/complete': { operationId: 'sandboxCompletePayment', summary: 'Approve or decline a sandbox payment' },
  'GET /api/v1/admin/ledger/balances': { operationId: 'adminGetLedgerBalances', summary: 'Balances of every ledger account and their total (always 0)' },
  'GET /api/v1/admin/payment/anomaly/list': {
    operationId: 'adminListPaymentAnomalies',
    summary: 'Gateway answers that settled nothing: another amount or currency than the instalment’s, or an unknown state',
    description:
      'A payment settles only on the gateway’s own answer for exactly its instalment’s amount in the platform’s currency. Any other answer settles nothing, is logged, and is listed here (latest first) with what was expected, what the gateway said, how often, and the payment’s status now.',
  },
  'GET /api/v1/admin/refund/list': {
    operationId: 'adminListRefunds',
    summary: 'Refunds with their own state at the gateway, attempts and last error',
    description:
      'Every refund (a supplier’s decline, money that arrived for a canceled order or an instalment already paid) is recorded with the decision and carried out by a worker until the gateway confirms it: `pending` (not yet accepted by the gateway), `requested` (accepted, not yet confirmed), `succeeded`, `failed` (refused or canceled by the gateway: to settle by hand, or to try again). Filter with `status`: one status, `attention` (every refund not succeeded) or `all` (the default).',
  },
  'POST /api/v1/admin/refund/retry': {
    operationId: 'adminRetryRefund',
    summary: 'Try a failed refund again',
    description:
      'Only a `failed` refund (409 otherwise, naming its status; 404 for an unknown id): it becomes `pending`, due now, its attempts, last error and the gateway’s id of the refused refund kept, and the worker asks the gateway again (as a retry: an adapter adopts a live refund it finds rather than making a second one). Recorded in the audit trail as `refund.retried` with the change. Concurrent retries of one refund change it once.',
  },
  'GET /api/v1/admin/reconciliation': {
    operationId: 'adminGetReconciliation',
    summary: 'A day’s reconciliation: the gateway’s payments against the ledger’s payments received',
    description:
      'Compares the money the gateway says it took on the UTC day `date` (its own record; a gateway without a list of a day’s transactions is asked about each payment the platform started that day) with the ledger’s gateway-clearing postings of the payments received that day, by transaction. A transaction settled across midnight is matched with the other side’s record of another day. `missingInLedger`: the gateway took the money and the ledger never counted it; `missingAtGateway`: the ledger counted money the gateway did not take; `amountMismatch`: both, for different amounts or currencies; `refunded`: taken, never counted, and given back by a recorded refund (not a difference). The result is stored: a day with differences shows on the admin’s dashboard until they are marked as looked at (`reviewed`); other differences found later show again. 503 when the gateway does not answer.',
  },
  'POST /api/v1/admin/reconciliation/review': {
    operationId: 'adminReviewReconciliation',
    summary: 'Mark a day’s current differences as looked at',
    description: 'Recorded in the audit trail (`reconciliation.reviewed`). 409 when the day has no differences waiting.',
  },

  // ---- dashboards
  'GET /api/v1/sme/dashboard': { operationId: 'smeGetDashboard', summary: 'The SME’s dashboard: credit, instalments and orders' },
  'GET /api/v1/provider/dashboard': { operationId: 'providerGetDashboard', summary: 'The supplier’s dashboard: orders to handle and payouts' },
  'GET /api/v1/admin/dashboard': { operationId: 'adminGetDashboard', summary: 'The admin’s dashboard: the platform at a glance' },
  'GET /api/v1/bank/dashboard': { operationId: 'bankGetDashboard', summary: 'The bank’s dashboard: payouts, shares and exposure' },
  'GET /api/v1/insurance/dashboard': { operationId: 'insuranceGetDashboard', summary: 'The insurer’s dashboard: its insured SMEs and its queue' },

  // ---- a supplier fulfils the order; the admin and the bank close it
  'GET /api/v1/provider/order/list': { operationId: 'providerListOrders', summary: 'List the supplier’s orders from waiting on, filtered by status', description: ORDER_PAGING },
  'GET /api/v1/provider/order/show/{id}': { operationId: 'providerGetOrder', summary: 'Show one of the supplier’s orders' },
  'POST /api/v1/provider/order/accept': { operationId: 'providerAcceptOrder', summary: 'Accept a waiting order (status 1 → 2)' },
  'POST /api/v1/provider/order/decline': {
    operationId: 'providerDeclineOrder',
    summary: 'Decline a waiting order (status 1 → -1): the SME is refunded and its credit released',
  },
  'POST /api/v1/provider/order/delivered': { operationId: 'providerConfirmDelivery', summary: 'Confirm the delivery with the SME’s verify code (status 2 → 3)' },
  'POST /api/v1/provider/order/invoice/upload': {
    operationId: 'providerUploadInvoice',
    summary: 'Upload the order’s invoice as a multipart form (status 3 → 4)',
    description: 'The form carries the `orderId` and the invoice in `orderInvoice`: PDF, PNG, JPEG or WebP, at most 10 MB.',
    upload: { fields: { orderId: true }, file: 'orderInvoice' },
  },
  ...backOfficeOrders('admin'),
  ...backOfficeOrders('bank'),
  ...backOfficeOrders('insurance'),
  ...installments('admin'),
  ...installments('bank'),
  'POST /api/v1/admin/order/invoice/verify': { operationId: 'adminVerifyInvoice', summary: 'Verify an order’s invoice (status 4 → 5)' },
  'POST /api/v1/bank/order/pay': {
    operationId: 'bankPaySupplier',
    summary: 'Pay the supplier for an order, once (status 5 → 6), or request the payout',
    description:
      'Below the payout approval threshold the order is paid at once (`content.order`). At or above it the answer is `content.approval`, a pending payout request a second bank user must approve, and the order stays at 5; a second request while one is pending answers 409.',
  },
  'GET /api/v1/bank/approval/list': { operationId: 'bankListPayoutApprovals', summary: 'Payout requests by status (pending, approved, rejected)' },
  'POST /api/v1/bank/approval/approve': {
    operationId: 'bankApprovePayout',
    summary: 'Approve a payout request and pay the supplier (status 5 → 6, once)',
    description: 'By a bank user other than the requester (the requester gets 403). The approval and the payout are one transaction; of concurrent approvals exactly one pays, the others answer 409.',
  },
  'POST /api/v1/bank/approval/reject': { operationId: 'bankRejectPayout', summary: 'Reject a payout request with a reason (the order stays at 5)' },
  'GET /api/v1/sme/order/receipt/{orderId}/{installment}': {
    operationId: 'smeGetReceipt',
    summary: 'The payment receipt of one of the SME’s paid instalments',
    description:
      '`installment` is the instalment’s number in paying order, from 1. An unpaid instalment, and an order of another SME, answer the same 404.',
  },
  'GET /api/v1/admin/order/receipt/{orderId}/{installment}': { operationId: 'adminGetReceipt', summary: 'The payment receipt of a paid instalment of any order' },
  'GET /api/v1/bank/order/receipt/{orderId}/{installment}': { operationId: 'bankGetReceipt', summary: 'The payment receipt of a paid instalment of any order' },
  'GET /api/v1/provider/order/remittance/{orderId}': {
    operationId: 'providerGetRemittance',
    summary: 'The remittance advice of the supplier’s paid-out order',
    description:
      'Read from the payout’s ledger postings: the order amount, the discount and what the bank paid the supplier. Before the payout (status 6), and for another supplier’s order, 404.',
  },
  'GET /api/v1/pub/order/invoice/file/{file}': {
    operationId: 'getInvoiceFile',
    summary: 'Download an order’s invoice',
    description:
      'Served to the order’s SME and supplier, the admin and the bank (bearer token), or to anyone holding an unexpired signed link (`exp` and `sig`). A file the caller may not see answers 404, as a missing one does.',
    bearerOrSignedLink: true,
    produces: 'document',
  },
};
