// /auth/forgot-password and /auth/reset-password?token=…: their own chunk, so the sign-in page, the
// usual way in, loads neither form.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { MissingResetToken, ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {token ? <ResetPasswordForm token={token} /> : <MissingResetToken />}
    </AuthLayout>
  );
}
