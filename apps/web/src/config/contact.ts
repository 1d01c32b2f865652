// Public contact details shown in the interface.

/** Where users ask for their sign-up code (part 1 §2, auth area hint). */
export const ADMIN_CONTACT_EMAIL = 'admin@example.com';
