// Sends the browser to a URL the server returned (a payment page, a result page): a same-origin path
// stays in the app (router navigation), anything else is a full page load (a real gateway's page).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** '/gateway/sandbox/…' is the app's own; '//host/…' and 'https://…' are not. */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function useGoToUrl(): (url: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (url, { replace = false } = {}) => {
      if (isAppPath(url)) void navigate(url, { replace });
      else if (replace) window.location.replace(url);
      else window.location.assign(url);
    },
    [navigate],
  );
}
