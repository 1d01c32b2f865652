// Names of the browser storage entries. The session keys are fixed by part 1 §3 and read by e2e tests.

export const SESSION_STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  name: 'name',
  level: 'LEVEL',
  email: 'email',
  /** 'true' while the account's role needs two-step sign-in and it is not set up yet. */
  mfaSetupRequired: 'mfaSetupRequired',
} as const;

/** The language preference survives logout. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** A toast to show after the next full page load (sessionStorage). */
export const FLASH_STORAGE_KEY = 'qist.flash';

/** The server's position after this tab's last write (sessionStorage): echoed so reads show it (lib/read-after.ts). */
export const READ_AFTER_STORAGE_KEY = 'qist.readAfter';
