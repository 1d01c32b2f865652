// Scroll positions across navigations, as a browser does for full page loads: a new page starts at
// the top (or at its #anchor), going back or forward returns to where the visitor was, and so does a
// reload. React Router's own <ScrollRestoration> needs its data router, whose code weighs about twice
// the rest of the router; this keeps the same behaviour (and the same sessionStorage entry) with the
// light <BrowserRouter>.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'react-router-scroll-positions';

/** Vertical scroll position by history entry (location.key), for this tab. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

export function ScrollRestoration() {
  const { key, hash } = useLocation();
  // The entry on screen: set as soon as a navigation commits, before its page is scrolled.
  const shown = useRef(key);

  // Kept up to date while the visitor scrolls: once a navigation has rendered the next page, the
  // previous one's position can no longer be read (a shorter page has already clamped it).
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      savedPositions()[shown.current] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // storage full or unavailable: positions then last until the page unloads
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    const saved = savedPositions()[key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (hash) {
      try {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // not a decodable id: like an unknown one, it does not move the page
      }
    }
    window.scrollTo(0, 0);
  }, [key, hash]);

  return null;
}
