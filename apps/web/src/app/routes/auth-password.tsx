// /auth/forgot-password, /auth/reset-password?token=… and an invitation's /auth/set-password?token=…:
// their own chunk, so the sign-in page, the usual way in, loads none of the forms.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { MissingInviteToken, MissingResetToken, ResetPasswordForm } from '@/features/auth/components/reset-password-form';

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

export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthLayout title={t('auth.setPassword.title')} subtitle={t('auth.setPassword.subtitle')}>
      {token ? <ResetPasswordForm token={token} purpose="invite" /> : <MissingInviteToken />}
    </AuthLayout>
  );
}
