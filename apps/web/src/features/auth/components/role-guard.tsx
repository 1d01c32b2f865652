// Keeps each role area to its own role: no session → sign-in page; two-step sign-in to set up →
// its set-up; another role → that role's area.
import type { Role } from '@qist/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths, roleHomeHref } from '@/config/paths';
import { useSession } from '@/lib/session';

export function RoleGuard({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  if (!session.token || !session.role) return <Navigate to={paths.auth.login.getHref()} replace />;
  // A role that needs two-step sign-in reaches nothing before it is set up.
  if (session.mfaSetupRequired) return <Navigate to={paths.mfaSetup.getHref()} replace />;
  if (session.role !== role) return <Navigate to={roleHomeHref(session.role)} replace />;
  return children;
}
