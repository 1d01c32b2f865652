// /two-step-setup: a signed-in account sets up two-step sign-in. A role that needs it is sent here by
// the role guard and reaches nothing else until it is done; without a session, sign-in comes first.
import { Button } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths, roleHomeHref } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { MfaSetup } from '@/features/auth/components/mfa-setup';
import { setMfaSetupRequired, useSession } from '@/lib/session';

export default function MfaSetupPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session.token || !session.role) return <Navigate to={paths.auth.login.getHref()} replace />;
  const role = session.role;
  return (
    <AuthLayout title={t('auth.mfaSetup.title')}>
      <MfaSetup
        onDone={() => {
          setMfaSetupRequired(false);
          void navigate(roleHomeHref(role), { replace: true });
        }}
      />
      <Button variant="subtle" fullWidth mt="md" onClick={() => void logout()}>
        {t('auth.mfaSetup.logout')}
      </Button>
    </AuthLayout>
  );
}
