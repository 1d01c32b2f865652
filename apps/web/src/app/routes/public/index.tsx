// The public area: home, marketing and link pages inside the public layout; an unknown path shows the
// not-found page there, with the way home.
// Each page is its own lazily loaded chunk, so the landing page does not carry the form libraries of
// /pre-register. There is no Suspense boundary here on purpose: on the first visit the root's loader
// waits for the layout and the page together (one paint), and since router navigations are
// transitions, moving between public pages keeps the current page on screen until the next one's
// code has arrived. The landing page's English strings (the 'public' namespace) come with this chunk,
// the other pages bring theirs (i18n/locales/public-pages-en.ts); the Arabic ones are fetched when
// Arabic is the language (see i18n/index.ts).
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { addNamespaceResources } from '@/i18n';
import { publicEn } from '@/i18n/locales/public-en';
import { withFullStyles } from '@/lib/full-styles';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

addNamespaceResources('public', publicEn);

const HomePage = lazy(() => import('./home').then((m) => ({ default: m.HomePage })));
// The landing page is a first screen (app/mantine-critical.css covers it); the others load the whole
// stylesheet with their code (lib/full-styles.ts).
const AboutUsPage = lazy(withFullStyles(() => import('./about-us').then((m) => ({ default: m.AboutUsPage }))));
const ContactUsPage = lazy(withFullStyles(() => import('./contact-us').then((m) => ({ default: m.ContactUsPage }))));
const FaqPage = lazy(withFullStyles(() => import('./faq').then((m) => ({ default: m.FaqPage }))));
const TermsPage = lazy(withFullStyles(() => import('./terms').then((m) => ({ default: m.TermsPage }))));
const DemoProfilePage = lazy(withFullStyles(() => import('./demo-profile').then((m) => ({ default: m.DemoProfilePage }))));
// The only public page that sends anything to the server.
const PreRegisterPage = lazyWithQueries(() => import('./pre-register').then((m) => ({ default: m.PreRegisterPage })));
// The payment links of part 1 §2 (they start a payment, so they fetch).
const PayOrderPage = lazyWithQueries(() => import('./pay-link').then((m) => ({ default: m.PayOrderPage })));
const PayInstalmentPage = lazyWithQueries(() => import('./pay-link').then((m) => ({ default: m.PayInstalmentPage })));
// The delivery link of the SME's QR code (it confirms the delivery, so it fetches).
const DeliveredOrderPage = lazyWithQueries(() => import('./delivered-order').then((m) => ({ default: m.DeliveredOrderPage })));
const NotFound = lazy(withFullStyles(() => import('@/components/ui/not-found').then((m) => ({ default: m.NotFound }))));

const P = paths.public;

export default function PublicArea() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path={P.landing.path} element={<HomePage />} />
        <Route path={P.aboutUs.path} element={<AboutUsPage />} />
        <Route path={P.contactUs.path} element={<ContactUsPage />} />
        <Route path={P.faq.path} element={<FaqPage />} />
        <Route path={P.terms.path} element={<TermsPage />} />
        <Route path={P.profile.path} element={<DemoProfilePage />} />
        <Route path={P.preRegister.path} element={<PreRegisterPage />} />
        <Route path={P.deliveredOrder.path} element={<DeliveredOrderPage />} />
        <Route path={P.payOrder.path} element={<PayOrderPage />} />
        <Route path={P.payInstalment.path} element={<PayInstalmentPage />} />
        <Route path="*" element={<NotFound to={paths.home.getHref()} label={t('notFound.home')} />} />
      </Routes>
    </PublicLayout>
  );
}
