// Logout (part 1 §2 side-menu shell): tell the server, forget the session, reload at the sign-in page.
import { MESSAGES } from '@qist/domain';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { reloadAt } from '@/lib/navigation';
import { queueSuccessAfterReload } from '@/lib/notify';
import { clearSession } from '@/lib/session';

export async function logout(): Promise<void> {
  try {
    // The session ends here whatever the server says (it may already have expired).
    await api.post('/api/v1/auth/logout', undefined, undefined, { notifyOnError: false, isAuthAttempt: true });
  } catch {
    // ignored on purpose
  }
  clearSession();
  queueSuccessAfterReload(MESSAGES.logoutSuccess);
  reloadAt(paths.auth.login.getHref());
}
