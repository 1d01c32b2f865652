// The public area: home, marketing and link pages inside the public layout; unknown paths go home.
// Each page is its own lazily loaded chunk, so the landing page does not carry the form libraries of
// /pre-register. There is no Suspense boundary here on purpose: on the first visit the root's loader
// waits for the layout and the page together (one paint), and since router navigations are
// transitions, moving between public pages keeps the current page on screen until the next one's
// code has arrived. The pages' strings (the 'public' namespace) come with this chunk.
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { paths } from '@/config/paths';
import { addNamespaceResources } from '@/i18n';
import { publicAr } from '@/i18n/locales/public-ar';
import { publicEn } from '@/i18n/locales/public-en';

addNamespaceResources('public', { en: publicEn, ar: publicAr });

const HomePage = lazy(() => import('./home').then((m) => ({ default: m.HomePage })));
const AboutUsPage = lazy(() => import('./about-us').then((m) => ({ default: m.AboutUsPage })));
const ContactUsPage = lazy(() => import('./contact-us').then((m) => ({ default: m.ContactUsPage })));
const FaqPage = lazy(() => import('./faq').then((m) => ({ default: m.FaqPage })));
const TermsPage = lazy(() => import('./terms').then((m) => ({ default: m.TermsPage })));
const DemoProfilePage = lazy(() => import('./demo-profile').then((m) => ({ default: m.DemoProfilePage })));
const PreRegisterPage = lazy(() => import('./pre-register').then((m) => ({ default: m.PreRegisterPage })));

const P = paths.public;

export default function PublicArea() {
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
        <Route path={P.deliveredOrder.path} element={<PlaceholderPage page="deliveredOrder" withHomeLink />} />
        <Route path={P.payOrder.path} element={<PlaceholderPage page="payOrder" withHomeLink />} />
        <Route path={P.payInstalment.path} element={<PlaceholderPage page="payInstalment" withHomeLink />} />
        <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
      </Routes>
    </PublicLayout>
  );
}
