// The auth area: /auth/login and /auth/register/{sme|provider}.
import { Stack } from '@mantine/core';
import { isSelfRegisterRole, PRODUCT_NAME } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { RoleToggle, SignUpForm } from '@/features/auth/components/sign-up-form';

function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle', { name: PRODUCT_NAME })}>
      <LoginForm />
    </AuthLayout>
  );
}

function RegisterPage() {
  const { t } = useTranslation();
  const { role } = useParams();
  if (!isSelfRegisterRole(role)) return <Navigate to={paths.auth.register.getHref('sme')} replace />;
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Stack gap="lg">
        <RoleToggle role={role} />
        {/* keyed by role: switching role mounts a fresh, empty form */}
        <SignUpForm key={role} role={role} />
      </Stack>
    </AuthLayout>
  );
}

export default function AuthArea() {
  return (
    <Routes>
      <Route path={paths.auth.login.path} element={<LoginPage />} />
      <Route path={paths.auth.register.path} element={<RegisterPage />} />
      <Route path={paths.auth.registerRoot.path} element={<Navigate to={paths.auth.register.getHref('sme')} replace />} />
      <Route path="*" element={<Navigate to={paths.auth.login.getHref()} replace />} />
    </Routes>
  );
}
