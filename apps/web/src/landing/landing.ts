// The prerendered landing page's script (dist/landing.html, see ./prerender.tsx): all the page does in
// the browser, with no React. Loaded in <head> as a classic, blocking script, so the stored language
// (localStorage 'lang', the app's own preference) is applied before the first paint; the rest waits
// for the document. Every link is a normal link into the app.
// It stands alone (no imports at run time): the page loads this one file.
import classes from './landing.module.css';

type Language = 'en' | 'ar';

type LandingData = {
  titles: Record<Language, string>;
  account: Record<Language, { label: string; shortLabel: string }>;
  roleHomes: Record<string, string>;
  /** The year the page was built, in its copyright line. */
  year: number;
};

const LANGUAGE_KEY = 'lang';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const data = JSON.parse(document.getElementById('landing-data')?.textContent ?? '{}') as LandingData;
const root = document.documentElement;

function storedLanguage(): Language {
  return stored(LANGUAGE_KEY) === 'ar' ? 'ar' : 'en';
}

/** Shows the page in a language: the html element's lang and dir select its copy (see the page's style). */
function applyLanguage(language: Language): void {
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  document.title = data.titles[language];
}

applyLanguage(storedLanguage());

/** The session's token and role, when someone is signed in (as the app keeps them). */
function session(): { token: string; role: string } | null {
  const token = stored('token');
  const role = stored('role');
  return token && role && data.roleHomes[role] ? { token, role } : null;
}

/** Ends the session as the app does when the server no longer knows it; the language stays. */
function endSession(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key !== null && key !== LANGUAGE_KEY) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing was stored either
  }
  window.location.assign('/auth/login');
}

/** A signed-in user's emails and SMS follow the interface language: saved with each switch. */
function saveUserLanguage(language: Language): void {
  const signedIn = session();
  if (!signedIn) return;
  fetch('/api/v1/auth/language', {
    method: 'PUT',
    headers: { Accept: 'application/json', Authorization: `Bearer ${signedIn.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ language }),
  }).then(
    (response) => {
      if (response.status === 401) endSession();
    },
    () => {
      // fire and forget: the next switch, or the profile's select, saves it again
    },
  );
}

function copyOf(language: Language): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-landing-copy="${language}"]`);
}

function setUpLanguageSwitch(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[aria-pressed][lang]');
    const language = button?.lang;
    if (!button || (language !== 'en' && language !== 'ar') || language === root.lang) return;
    try {
      window.localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
    applyLanguage(language);
    // The pressed button of the copy now shown takes the focus of the one just hidden.
    copyOf(language)?.querySelector<HTMLButtonElement>(`button[aria-pressed][lang="${language}"]`)?.focus();
    saveUserLanguage(language);
  });
}

/** A signed-in user's account button leads to their area, as in the app. */
function setUpAccountButtons(): void {
  const signedIn = session();
  if (!signedIn) return;
  for (const language of ['en', 'ar'] as const) {
    const copy = copyOf(language);
    if (!copy) continue;
    const buttons = copy.querySelectorAll<HTMLAnchorElement>('header a[href="/auth/login"], a[data-landing-account]');
    buttons.forEach((button, index) => {
      button.href = data.roleHomes[signedIn.role] ?? button.href;
      const label = button.querySelector('.mantine-Button-label') ?? button;
      // The bar's first button is the wide one; the phone bar's is shorter.
      label.textContent = index === 1 ? data.account[language].shortLabel : data.account[language].label;
    });
  }
}

/** The copyright line names the current year, as the app's does, whenever the page was built. */
function updateCopyrightYear(): void {
  const year = new Date().getFullYear();
  if (year === data.year) return;
  document.querySelectorAll('[data-landing-copy] footer:last-of-type p').forEach((line) => {
    if (line.textContent?.startsWith(`© ${data.year} `)) line.textContent = line.textContent.replace(String(data.year), String(year));
  });
}

const FOCUSABLE = 'a[href], button:not([disabled])';

function setUpMenu(): void {
  let open: { menu: HTMLElement; burger: HTMLButtonElement } | null = null;

  const close = () => {
    if (!open) return;
    const { menu, burger } = open;
    open = null;
    menu.removeAttribute('data-open');
    burger.setAttribute('aria-expanded', 'false');
    burger.querySelector('[data-opened]')?.removeAttribute('data-opened');
    document.body.style.removeProperty('overflow');
    burger.focus();
    const drawer = menu.querySelector<HTMLElement>(`.${classes.drawer}`);
    const hide = () => {
      if (!menu.hasAttribute('data-open')) menu.hidden = true;
    };
    if (drawer && getComputedStyle(drawer).transitionDuration !== '0s') drawer.addEventListener('transitionend', hide, { once: true });
    else hide();
  };

  const show = (burger: HTMLButtonElement) => {
    const menu = burger.closest('[data-landing-copy]')?.querySelector<HTMLElement>('[data-landing-menu]');
    if (!menu) return;
    open = { menu, burger };
    menu.hidden = false;
    // laid out closed first, so it slides in
    void menu.offsetWidth;
    menu.setAttribute('data-open', '');
    burger.setAttribute('aria-expanded', 'true');
    burger.querySelector('.mantine-Burger-burger')?.setAttribute('data-opened', 'true');
    document.body.style.overflow = 'hidden';
    menu.querySelector<HTMLElement>(`.${classes.drawer} ${FOCUSABLE}`)?.focus();
  };

  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const burger = target?.closest<HTMLButtonElement>('button.mantine-Burger-root');
    if (burger) {
      if (open) close();
      else show(burger);
      return;
    }
    if (open && target?.closest('[data-landing-close]')) close();
  });

  document.addEventListener('keydown', (event) => {
    if (!open) return;
    if (event.key === 'Escape') {
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside the open drawer.
    const focusable = [...open.menu.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

document.addEventListener('DOMContentLoaded', () => {
  setUpLanguageSwitch();
  setUpAccountButtons();
  setUpMenu();
  updateCopyrightYear();
});
