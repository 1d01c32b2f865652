// Every user-facing sentence of the spec that both the server and the web app speak.
// The web app translates by key (see apps/web/src/i18n), so keep keys stable.

export const PRODUCT_NAME = 'Qist';

export const MESSAGES = {
  // sign-in and sign-up (part 1 §5)
  emailRequired: 'enter your email',
  emailInvalid: 'email is incorrect',
  passwordRequired: 'enter your password',
  passwordTooShort: 'password is too short',
  passwordTooCommon: 'this password is too common, please choose another',
  passwordTooSimple: 'this password is too simple (repeated or sequential characters), please choose another',
  roleRequired: 'select your role',
  languageInvalid: 'choose English or Arabic',
  confirmPasswordRequired: 'confirm your password',
  passwordsMustMatch: 'Passwords must match',
  acceptTermsRequired: 'accept terms is required',
  codeRequired: `enter ${PRODUCT_NAME} admin verification code`,
  codeWrong: 'admin verification code is wrong.',
  contactUsWithEmail: 'contact us with email',
  // auth results (part 1 §8)
  loginSuccess: 'login successfully',
  logoutSuccess: 'logout successfully',
  logoutConfirm: 'are you sure for logout ?',
  emailTaken: 'this email is already registered',
  invalidCredentials: 'email or password is incorrect',
  tooManyAttempts: 'too many attempts, please try again later',
  tooManySignUps: 'too many sign-ups from this address, please try again later',
  loginRequired: 'please login first',
  sessionExpired: 'your session has expired, please login again',
  forbidden: 'you are not allowed to do this',
  notFound: 'not found',
  serverError: 'something went wrong, please try again',
  mustLoginAsSupplier: 'you must login as supplier',
  mustLoginAsSme: 'you must login as SME',
  // passwords (DESIGN §8): forgotten, reset and changed
  resetLinkSent: 'if an account uses this email, a link to choose a new password is on its way; it works for 1 hour',
  resetLinkInvalid: 'this link is invalid, used or expired; please ask for a new one',
  passwordReset: 'your password is changed, please sign in with it',
  passwordChanged: 'your password is changed; your other sessions are signed out',
  currentPasswordRequired: 'enter your current password',
  currentPasswordWrong: 'your current password is incorrect',
  newPasswordRequired: 'enter a new password',
  newPasswordSameAsCurrent: 'choose a password different from the current one',
  // back-office users (DESIGN §8): invited by link, disabled and enabled by an admin
  accountDisabled: 'this account is disabled; please ask an administrator',
  inviteLinkInvalid: 'this invitation link is invalid, used or expired; please ask an administrator for a new one',
  passwordSet: 'your password is set, please sign in with it',
  cannotDisableSelf: 'you cannot disable your own account',
  cannotDisableLastAdmin: 'the last active admin cannot be disabled',
  companyRequiredForInsurance: 'enter the insurance company',
  userInvited: 'the invitation is on its way; its link works for 24 hours',
  userDisabled: 'the user is disabled and signed out everywhere',
  userEnabled: 'the user is enabled',
  userPending: 'this user has not accepted the invitation yet; invite the email again to send a new link',
  // two-step sign-in (DESIGN §8)
  mfaSetupRequired: 'set up two-step sign-in first: your role needs a code from an authenticator app',
  mfaCodeRequired: 'enter the code from your authenticator app',
  mfaCodeWrong: 'this code is wrong or already used',
  mfaSignInExpired: 'this sign-in has expired, please enter your email and password again',
  mfaAlreadyEnabled: 'two-step sign-in is already on',
  mfaNotEnabled: 'two-step sign-in is not on',
  mfaSetupMissing: 'start the set-up again: no secret is waiting for confirmation',
  mfaRequiredForRole: 'your role needs two-step sign-in; it cannot be turned off',
  mfaSecretUnreadable: 'your authenticator can no longer be checked (the server key changed); sign in with a recovery code, then set up two-step sign-in again',
  mfaTurnedOff: 'two-step sign-in is off: signing in asks only for your password',
  // pre-registration (part 1 §5)
  companyNameRequired: 'Company name is required',
  businessSectorRequired: 'Please select your business sector',
  yearRequired: 'Please select year of establishment',
  preRegisterEmailRequired: 'Email is required',
  preRegisterEmailInvalid: 'Invalid email address',
  telephoneRequired: 'Telephone number is required',
  telephoneInvalid: 'Invalid telephone number',
  loanAmountTooSmall: 'Loan amount must be greater than 0',
  loanAmountRequired: 'Loan amount is required',
  loanAmountTooLarge: 'Loan amount is too large',
  preRegisterSuccess: 'pre-register successfully',
  tooManyPreRegistrations: 'too many pre-registrations from this address, please try again later',
  tooManyExports: 'too many downloads are being prepared right now, please try again in a minute',
  // levels and rejections (part 1 §4)
  banned: 'Unfortunately you are banned !!!',
  downgraded: 'Your documents are not applied. Your level is downgraded !',
  rejectedByInsurances: 'Unfortunately you are rejected by the Insurances !',
  waitingForAdmin: 'Your account created successfully. Waiting for admin',
  verifiedByAdminWaitingBank: 'You are verified by the Admin. Waiting for Bank',
  verifiedByBankWaitingInsurances: 'You are verified by the Bank. Waiting for the Insurances',
  editInformationFirst: 'please edit your information',
  // onboarding steps
  emailAlreadyVerified: 'your email is already verified',
  phoneAlreadyVerified: 'your phone is already verified',
  infoAlreadyAdded: 'your information is already added',
  documentsAlreadyConfirmed: 'your documents are already confirmed',
  verifyEmailFirst: 'verify your email first',
  verifyPhoneFirst: 'verify your phone first',
  addInformationFirst: 'add your information first',
  codeLength: 'the code must be 6 digits',
  otpLength: 'the code must be 4 digits',
  codeIncorrect: 'the code is incorrect',
  codeExpired: 'the code has expired, please request a new one',
  codeTooManyTries: 'too many wrong tries, please request a new code',
  codeNotRequested: 'no code was requested, press Get Code',
  resendTooSoon: 'please wait before requesting another code',
  phoneRequired: 'enter your phone number',
  phoneInvalid: 'phone number is incorrect',
  countryCodeRequired: 'select your country code',
  firstnameRequired: 'What is your first name ?',
  lastnameRequired: 'What is your last name ?',
  companyTitleRequired: 'What is Your Company Title ?',
  companyDescRequired: 'What is Your Company Description ?',
  companyVatRequired: 'What is Your Company VAT ?',
  addressRequired: 'What is Your Company Address ?',
  websiteRequired: 'What is Your Website Address ?',
  websiteInvalid: 'website address is incorrect',
  categoriesRequired: 'Select your categories',
  requestCreditRequired: 'What is Your Request Credit ?',
  requestCreditPositive: 'request credit must be more than 0',
  email2Invalid: 'second email is incorrect',
  categoryNotFound: 'a selected category does not exist',
  selectFile: 'select file to upload',
  selectFileTitle: 'select title of file',
  fillFileTitle: 'fill title of file',
  fileTitleUnknown: 'this document title is not in the list',
  fileTypeRefused: 'the file must be a PDF, PNG, JPEG or WebP',
  fileTooLarge: 'the file is larger than 10 MB',
  oneFileOnly: 'upload one file at a time',
  documentNotFound: 'document not found',
  documentsLocked: 'documents can no longer be changed',
  deleteDocumentConfirm: 'Are you sure to delete this document ?',
  fileNotFound: 'file not found',
  // back office (part 2 §5)
  descriptionRequired: 'enter description',
  creditRequired: 'enter the credit amount',
  invalidDiscountRate: 'invalid discount rate',
  shareRateInvalid: 'share rate must be between 0 and 0.99',
  installmentsCareful: 'please be careful in enter installments',
  zeroPercent: 'zero percent is invalid',
  installmentsSum: 'sum of installments should be 100 %',
  categoryTitleRequired: 'enter your title',
  categoryDescRequired: 'enter your description',
  categoryTitleTaken: 'an industry with this title already exists',
  insuranceOrderInvalid: 'the list must hold every insurance company exactly once',
  signupCodeInvalid: 'the sign-up code must be 6 to 64 characters',
  notYourTurn: 'this SME is in the queue of another insurance company',
  wrongLevelForDecision: 'this decision is not possible at the current level',
  smeNotFound: 'SME not found',
  providerNotFound: 'supplier not found',
  decisionDone: 'Done!',
  settingsDone: 'done!',
  // checks every request passes
  controlCharacters: 'the text contains characters that are not allowed',
  invalidRequest: 'the request is not valid',
  listCursorInvalid: 'this page position is not valid, open the list from its first page',
  listCursorConflict: 'ask for one page at a time: after, before or last',
  invalidMultipart: 'the upload is not a valid form, please select the file again',
  requestTooLarge: 'the request is too large',
  requestTimeout: 'the request took too long to arrive, please try again',
  tooManyDocuments: 'you have uploaded the most documents allowed, delete one first',
  tooManyDocumentsOfTitle: 'you have uploaded the most documents allowed with this title, delete one first',
  documentsTooLarge: 'your documents together are larger than allowed, delete one first',
  creditLimitMissing: 'the SME has no credit limit to activate',
  // orders and payments (part 1 §5, §8; DESIGN.md §7)
  amountRequired: 'enter amount',
  orderNotFound: 'order not found',
  orderCreated: 'payment link is sent by email and sms',
  orderCheckPayment: 'please check and do payment',
  orderCanceled: 'the order is canceled',
  providerNotAvailable: 'this supplier is not available',
  smeNotActive: 'your account is not activated for orders yet',
  providerNotActive: 'your account is not verified for orders yet',
  noCreditPlan: 'your instalment plan is not set yet',
  everyInstallmentPaid: 'every instalment of this order is paid',
  paymentNotFound: 'payment not found',
  paymentSucceeded: 'payment succeeded!',
  paymentFailed: 'payment failed!',
  paymentDone: 'payment is done successfully',
  paymentAlreadyDone: 'payment is done',
  paymentAlreadyCompleted: 'this payment is already completed',
  paymentExpired: 'this payment has expired; start the payment again from your order',
  idempotencyKeyInvalid: 'the Idempotency-Key header must be 1 to 255 visible characters',
  idempotencyKeyReused: 'this Idempotency-Key was already used for a different request; use a new key for a new request',
  idempotencyKeyInProgress: 'a request with this Idempotency-Key is still being processed; try again in a moment',
  firstPaymentWindowClosed: 'the 72 hours to pay the first instalment have passed: the order is canceled and its credit released',
  dataIncorrect: 'your data is incorrect',
  loginAsSmeToPay: 'login as sme to payment',
  loginAsSupplierToDeliver: 'login as supplier to verify delivery',
  sandboxNotInUse: 'the test payment page is not in use: this platform takes payments through its payment gateway',
  callbackSignatureInvalid: 'the callback signature is not valid',
  metricsTokenInvalid: 'the metrics token is missing or wrong: send Authorization: Bearer with the METRICS_TOKEN of this server',
  gatewayUnavailable: 'the payment gateway did not answer; please try again in a moment',
  gatewayRefused: 'the payment gateway refused to start this payment; please try again later',
  gatewayNotInUse: 'this payment gateway is not in use on this platform',
  reconciliationDate: 'choose a day, written YYYY-MM-DD, no later than today',
  reconciliationNothingToReview: 'this day has no differences waiting to be looked at',
  reconciliationReviewed: 'the day’s differences are marked as looked at',
  reconciliationUnavailable: 'the payment gateway did not answer, so this day cannot be reconciled now; try again later',
  // fulfilment and settlement (part 1 §8, part 2 §8)
  orderAccepted: 'order accepted successfully',
  orderDeclined: 'order declined, the paid instalment is refunded',
  orderDeclineConfirm: 'Are you sure to decline this order ?',
  deliveryRegistered: 'Your order delivery is registered successfully',
  verifyCodeWrong: 'the verify code is not correct',
  invoiceUploaded: 'invoice uploaded successfully',
  invoiceVerified: 'invoice verified successfully',
  orderPaid: 'order paid successfully',
  orderPayConfirm: 'Are you sure to pay this order ?',
  // four eyes on payouts (DESIGN.md §8)
  payoutThresholdInvalid: 'the approval threshold must be 0 or more',
  payoutRequested: 'payout requested; a second bank user must approve it',
  payoutRequestConfirm: 'Request the payout of this order? A second bank user must approve it.',
  payoutAlreadyRequested: 'a payout request for this order is already waiting for approval',
  payoutApprovalNotFound: 'payout request not found',
  payoutApprovalDecided: 'this payout request is already decided',
  payoutOwnRequest: 'you requested this payout; a second bank user must approve it',
  payoutApproved: 'payout approved and paid',
  payoutRejected: 'payout request rejected',
  payoutReasonRequired: 'enter the reason for rejecting',
  // refunds the gateway refused (DESIGN.md §8)
  refundNotFound: 'refund not found',
  refundRetried: 'the refund will be tried again in a moment',
  // receipts and remittance advice
  receiptNotFound: 'receipt not found',
  remittanceNotFound: 'remittance advice not found',
} as const;

export type MessageKey = keyof typeof MESSAGES;

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Finds the key of a known sentence, so a client can show it in the user's language. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}

/**
 * Sentences that carry a value (`{minutes}`). The server fills them with fillMessage; a client
 * finds the key and the values back with matchMessage and shows its own translation.
 */
export const MESSAGE_TEMPLATES = {
  codeLockedMinutes: 'too many codes or wrong tries, please try again in {minutes} minutes',
  // amounts (DESIGN §8, Currency): the decimals of the platform's currency; amounts as amountInSentence writes them
  amountDecimals: 'the amount can have at most {digits} decimals',
  amountTooSmall: 'must be more than {amount}',
  amountTooLarge: 'must be less than {credit}',
  orderWrongStatus: 'this is not possible while the order is {status}',
  // a refund's status by its domain name (pending, requested, succeeded)
  refundNotFailed: 'only a failed refund can be tried again; this one is {status}',
} as const;

export type MessageTemplateKey = keyof typeof MESSAGE_TEMPLATES;

export function fillMessage(key: MessageTemplateKey, values: Record<string, string | number>): string {
  return MESSAGE_TEMPLATES[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const TEMPLATE_MATCHERS = (Object.entries(MESSAGE_TEMPLATES) as [MessageTemplateKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { key, names, regex: new RegExp(`^${pattern}$`) };
});

/** The template and values behind a filled sentence; undefined for any other text. */
export function matchMessage(text: string): { key: MessageTemplateKey; values: Record<string, string> } | undefined {
  for (const { key, names, regex } of TEMPLATE_MATCHERS) {
    const match = regex.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return undefined;
}
