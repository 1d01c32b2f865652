// Sign-in and sign-up are for visitors: a signed-in user who opens them goes to their own area, the
// place sign-in sends them to.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { roleHomeHref } from '@/config/paths';
import { useSession } from '@/lib/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.token && session.role) return <Navigate to={roleHomeHref(session.role)} replace />;
  return children;
}
