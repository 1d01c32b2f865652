// Every user-facing sentence of the spec that both the server and the web app speak.
// The web app translates by key (see apps/web/src/i18n), so keep keys stable.

export const PRODUCT_NAME = 'Qist';

export const MESSAGES = {
  // sign-in and sign-up (part 1 §5)
  emailRequired: 'enter your email',
  emailInvalid: 'email is incorrect',
  passwordRequired: 'enter your password',
  passwordTooShort: 'password is too short',
  roleRequired: 'select your role',
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
  categoriesRequired: 'What is Select Your Categories',
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
} as const;

export type MessageKey = keyof typeof MESSAGES;

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Finds the key of a known sentence, so a client can show it in the user's language. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}
