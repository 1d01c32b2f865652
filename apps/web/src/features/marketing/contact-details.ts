// The company's public contact points, in one place. Every address here is a placeholder on a
// reserved example domain (or a Kuwait number of the 2200 0000 series): replace them with the real
// accounts before launch. The social accounts are configuration (config/social-links.ts).

export type PhoneNumber = { display: string; href: string };

function phone(display: string): PhoneNumber {
  return { display, href: `tel:${display.replace(/[^\d+]/g, '')}` };
}

/** The main line, shown on the landing and contact pages. */
export const COMPANY_PHONE = phone('+965 2200 0000');

/** The general mailbox. */
export const COMPANY_EMAIL = 'contact@example.com';

/** The people in the contact table; names come from the 'public' namespace (people.*). */
export const CONTACT_PEOPLE = [
  { role: 'primary', person: 'dana', email: COMPANY_EMAIL, phone: COMPANY_PHONE },
  { role: 'businessDevelopment', person: 'mariam', email: 'bd@example.com', phone: phone('+965 2200 0001') },
] as const;
