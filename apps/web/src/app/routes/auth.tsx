// The auth area: /auth/login, /auth/register/{sme|provider} (./auth-register, loaded on its own) and the
// password pages, an invitation's included (./auth-password, loaded on their own), for visitors without a session: a signed-in
// user is sent to their own area, as sign-in would. The sign-in page needs no TanStack Query (its form
// keeps its own pending state): only the pages that fetch (sign-up, the password pages) bring it, with
// the whole stylesheet.
import { PRODUCT_NAME } from '@qist/domain';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { LoginForm } from '@/features/auth/components/login-form';
import { withFullStyles } from '@/lib/full-styles';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const NotFoundScreen = lazy(
  withFullStyles(() => import('@/components/ui/not-found').then((m) => ({ default: m.NotFoundScreen }))),
);
const RegisterPage = lazyWithQueries(() => import('./auth-register').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazyWithQueries(() => import('./auth-password').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazyWithQueries(() => import('./auth-password').then((m) => ({ default: m.ResetPasswordPage })));
const SetPasswordPage = lazyWithQueries(() => import('./auth-password').then((m) => ({ default: m.SetPasswordPage })));

function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle', { name: PRODUCT_NAME })}>
      <LoginForm />
    </AuthLayout>
  );
}

export default function AuthArea() {
  const { t } = useTranslation();
  return (
    <GuestOnly>
      <Routes>
        <Route index element={<Navigate to={paths.auth.login.getHref()} replace />} />
        <Route path={paths.auth.login.path} element={<LoginPage />} />
        <Route path={paths.auth.register.path} element={<RegisterPage />} />
        <Route path={paths.auth.registerRoot.path} element={<Navigate to={paths.auth.register.getHref('sme')} replace />} />
        <Route path={paths.auth.forgotPassword.path} element={<ForgotPasswordPage />} />
        <Route path={paths.auth.resetPassword.path} element={<ResetPasswordPage />} />
        <Route path={paths.auth.setPassword.path} element={<SetPasswordPage />} />
        <Route path="*" element={<NotFoundScreen to={paths.home.getHref()} label={t('notFound.home')} />} />
      </Routes>
    </GuestOnly>
  );
}
