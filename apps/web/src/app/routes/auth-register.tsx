// /auth/register/{sme|provider}: its own chunk, so the sign-in page, the usual way in, does not load
// the sign-up form and its confirmation dialog.
import { Stack } from '@mantine/core';
import { isSelfRegisterRole } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RoleToggle, SignUpForm } from '@/features/auth/components/sign-up-form';

export function RegisterPage() {
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
