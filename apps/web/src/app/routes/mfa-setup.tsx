// /two-step-setup: a signed-in account sets up two-step sign-in. A role that needs it is sent here by
// the role guard and reaches nothing else until it is done (then its area); any other account comes
// from its account page by choice, and goes back there (done or not). Without a session, sign-in
// comes first.
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths, roleHomeHref } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { MfaSetup } from '@/features/auth/components/mfa-setup';
import { ME_QUERY_KEY } from '@/lib/me';
import { setMfaSetupRequired, useSession } from '@/lib/session';

export default function MfaSetupPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!session.token || !session.role) return <Navigate to={paths.auth.login.getHref()} replace />;
  const role = session.role;
  const required = session.mfaSetupRequired;
  const accountHref = paths[role].account.getHref();
  return (
    <AuthLayout title={t('auth.mfaSetup.title')}>
      <MfaSetup
        required={required}
        onDone={() => {
          setMfaSetupRequired(false);
          void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
          void navigate(required ? roleHomeHref(role) : accountHref, { replace: true });
        }}
      />
      {required ? (
        <Button variant="subtle" fullWidth mt="md" onClick={() => void logout()}>
          {t('auth.mfaSetup.logout')}
        </Button>
      ) : (
        <Button component={Link} to={accountHref} variant="subtle" fullWidth mt="md">
          {t('auth.mfaSetup.back')}
        </Button>
      )}
    </AuthLayout>
  );
}
