// The landing page (/ and /landing) rendered at build time, in English and in Arabic, with the real
// public frame and home page: scripts/prerender-landing.mjs writes the result into dist/landing.html,
// which the server sends for those addresses. The page then needs no React: ./landing.ts does what it
// does in the browser (language switch, phone menu, the account button of a signed-in user).
import './server-globals';
import { Button, DirectionProvider, MantineProvider } from '@mantine/core';
import { ROLES } from '@qist/domain';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { HomePage } from '@/app/routes/public/home';
import { cssVariablesResolver, theme } from '@/app/theme';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths, roleHomeHref } from '@/config/paths';
import { addNamespaceResources, directionOf, i18n, LANGUAGES, type Language } from '@/i18n';
import '@/i18n/common-areas';
import { publicEn } from '@/i18n/locales/public-en';
import classes from './landing.module.css';

addNamespaceResources('public', publicEn);

export type LandingCopy = {
  /** The page's markup (the public frame, the home page and the phone menu) in this language. */
  html: string;
  dir: 'ltr' | 'rtl';
  title: string;
  /** The account button's labels for a signed-in user (bar, phone bar), which ./landing.ts puts in. */
  account: { label: string; shortLabel: string };
};

type MenuProps = { language: Language; title: string; close: string; links: { label: string; href: string }[]; account: string };

/** The phone menu (the app's is a Mantine drawer): closed, until ./landing.ts opens it. */
function Menu({ language, title, close, links, account }: MenuProps) {
  return (
    <div className={classes.menu} data-landing-menu hidden>
      <div className={classes.overlay} data-landing-close />
      <section className={classes.drawer} role="dialog" aria-modal="true" aria-labelledby={`${language}-menu-title`}>
        <div className={classes.head}>
          <h2 className={classes.title} id={`${language}-menu-title`}>
            {title}
          </h2>
          <button type="button" className={classes.close} aria-label={close} data-landing-close>
            <svg width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
              <path
                d="M11.78 4.28a.75.75 0 0 0-1.06-1.06L7.5 6.44 4.28 3.22a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.22z"
                fill="currentColor"
              />
            </svg>
          </button>
        </div>
        <nav className={classes.links} aria-label={i18n.getFixedT(language)('nav.main')}>
          {links.map((link) => (
            <a key={link.href} className={classes.link} href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
        <Button component="a" href={paths.auth.login.getHref()} className={classes.account} fullWidth data-landing-account="menu">
          {account}
        </Button>
      </section>
    </div>
  );
}

export type Landing = {
  copies: Record<Language, LandingCopy>;
  /** Where the account button leads a signed-in user of each role; a visitor's goes to sign-in. */
  roleHomes: Record<string, string>;
  signInHref: string;
};

async function copyIn(language: Language): Promise<LandingCopy> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'messages', 'public']);
  const t = i18n.getFixedT(language);
  const dir = directionOf(language);
  const menu: MenuProps = {
    language,
    title: t('nav.menu'),
    close: t('a11y.close'),
    links: [
      { label: t('nav.aboutUs'), href: paths.public.aboutUs.getHref() },
      { label: t('nav.contactUs'), href: paths.public.contactUs.getHref() },
      { label: t('nav.terms'), href: paths.public.terms.getHref() },
      { label: t('nav.faq'), href: paths.public.faq.getHref() },
    ],
    account: t('nav.loginRegister'),
  };
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <StaticRouter location={paths.home.getHref()}>
            <PublicLayout>
              <HomePage />
            </PublicLayout>
          </StaticRouter>
          <Menu {...menu} />
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
    // Both languages share the document: ids of one must not be ids of the other.
    { identifierPrefix: `${language}-` },
  );
  return {
    // The home page's own section ids are fixed: the other language's copy gets them prefixed.
    html: language === 'en' ? html : html.replace(/(id|aria-labelledby)="landing-/g, `$1="${language}-landing-`),
    dir,
    title: t('pageTitle.format', { page: t('pageTitle.home'), name: t('app.name') }),
    account: { label: t('nav.account'), shortLabel: t('nav.myAccount') },
  };
}

export async function renderLanding(): Promise<Landing> {
  const copies = {} as Record<Language, LandingCopy>;
  for (const language of LANGUAGES) copies[language] = await copyIn(language);
  return {
    copies,
    roleHomes: Object.fromEntries(ROLES.map((role) => [role, roleHomeHref(role)])),
    signInHref: paths.auth.login.getHref(),
  };
}
