// The company's contact points, from the build's environment, as the social accounts are
// (config/social-links.ts):
// - VITE_CONTACT_PHONE, VITE_CONTACT_EMAIL: the main line and mailbox, also the primary contact's;
// - VITE_CONTACT_BD_PHONE, VITE_CONTACT_BD_EMAIL: the business-development contact's;
// - VITE_SIGNUP_CODE_EMAIL: where users ask for their sign-up code (else VITE_CONTACT_EMAIL).
// A value that is not set, or not a plain address or phone number, is not shown anywhere: no
// placeholder address or number is ever shipped.

declare global {
  interface ImportMetaEnv {
    readonly VITE_CONTACT_PHONE?: string;
    readonly VITE_CONTACT_EMAIL?: string;
    readonly VITE_CONTACT_BD_PHONE?: string;
    readonly VITE_CONTACT_BD_EMAIL?: string;
    readonly VITE_SIGNUP_CODE_EMAIL?: string;
  }
}

export type PhoneNumber = { display: string; href: string };
export type ContactPoint = { email: string | null; phone: PhoneNumber | null };
export type ContactRole = 'primary' | 'businessDevelopment';
/** A person of the contact table; `role` and `person` name strings of the 'public' namespace. */
export type ContactPerson = ContactPoint & { role: ContactRole; person: 'dana' | 'mariam' };

/** One @, a dot inside the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** An optional leading +, then digits and spaces. */
const PHONE = /^\+?[\d ]+$/;

/** The address, trimmed, or null when unset or not a plain address. */
export function toEmail(value: string | undefined): string | null {
  const email = value?.trim();
  return email && EMAIL.test(email) ? email : null;
}

/** The number as configured (spacing kept) with its tel: link, or null when unset or not 7-15 digits. */
export function toPhone(value: string | undefined): PhoneNumber | null {
  const display = value?.trim();
  if (!display || !PHONE.test(display)) return null;
  const digits = display.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return { display, href: `tel:${display.startsWith('+') ? '+' : ''}${digits}` };
}

// Each variable is named in full: Vite replaces these expressions at build time. Every function reads
// them on each call, so a test can set the environment.

/** The company's main line and mailbox (landing and contact pages). */
export function getCompanyContact(): ContactPoint {
  return { email: toEmail(import.meta.env.VITE_CONTACT_EMAIL), phone: toPhone(import.meta.env.VITE_CONTACT_PHONE) };
}

/** The people of the contact table, each with the channels configured for them; one with none is left out. */
export function getContactPeople(): ContactPerson[] {
  const people: ContactPerson[] = [
    { role: 'primary', person: 'dana', ...getCompanyContact() },
    {
      role: 'businessDevelopment',
      person: 'mariam',
      email: toEmail(import.meta.env.VITE_CONTACT_BD_EMAIL),
      phone: toPhone(import.meta.env.VITE_CONTACT_BD_PHONE),
    },
  ];
  return people.filter((person) => person.email || person.phone);
}

/** Where users ask for their sign-up code: VITE_SIGNUP_CODE_EMAIL, else the company mailbox, else none. */
export function getSignupCodeEmail(): string | null {
  return toEmail(import.meta.env.VITE_SIGNUP_CODE_EMAIL) ?? getCompanyContact().email;
}
