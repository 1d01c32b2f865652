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
} as const;

export type MessageKey = keyof typeof MESSAGES;

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Finds the key of a known sentence, so a client can show it in the user's language. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}
