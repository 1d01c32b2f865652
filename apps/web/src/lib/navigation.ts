// Navigation from outside React (the API client). The router registers its navigate function;
// before that, or without a router, a full page load is used.

type Navigate = (to: string) => void;

let navigateInApp: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateInApp = navigate;
}

export function navigateTo(to: string): void {
  if (navigateInApp) navigateInApp(to);
  else window.location.assign(to);
}

/** A full page load: resets every in-memory state (used by logout). */
export function reloadAt(to: string): void {
  window.location.assign(to);
}
