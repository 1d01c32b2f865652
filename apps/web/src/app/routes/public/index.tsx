// The public area: home, marketing and link pages inside the public layout; unknown paths go home.
import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { paths } from '@/config/paths';
import { HomePage } from './home';

const P = paths.public;

export default function PublicArea() {
  return (
    <PublicLayout>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path={P.landing.path} element={<HomePage />} />
        <Route path={P.aboutUs.path} element={<PlaceholderPage page="aboutUs" withHomeLink />} />
        <Route path={P.contactUs.path} element={<PlaceholderPage page="contactUs" withHomeLink />} />
        <Route path={P.faq.path} element={<PlaceholderPage page="faq" withHomeLink />} />
        <Route path={P.terms.path} element={<PlaceholderPage page="terms" withHomeLink />} />
        <Route path={P.profile.path} element={<PlaceholderPage page="demoProfile" withHomeLink />} />
        <Route path={P.preRegister.path} element={<PlaceholderPage page="preRegister" withHomeLink />} />
        <Route path={P.deliveredOrder.path} element={<PlaceholderPage page="deliveredOrder" withHomeLink />} />
        <Route path={P.payOrder.path} element={<PlaceholderPage page="payOrder" withHomeLink />} />
        <Route path={P.payInstalment.path} element={<PlaceholderPage page="payInstalment" withHomeLink />} />
        <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
      </Routes>
    </PublicLayout>
  );
}
