// Vitest set-up for component tests: jest-dom matchers, the browser APIs jsdom lacks but Mantine
// uses, and a clean slate (storage, toasts, language) after every test.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@/i18n';
import { FakeXhr } from './fake-xhr';
import { fakeMediaQueryList } from './media-query';

// The first test of a file also loads the lazy route chunks it renders; on a busy machine (CI with
// two cores) that alone can pass the 1 s default, so findBy/waitFor wait up to 5 s for their event.
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Uploads go through XMLHttpRequest for their progress; in tests they reach the stubbed fetch.
Object.defineProperty(window, 'XMLHttpRequest', { writable: true, value: FakeXhr });

// Mantine's ScrollArea and focus handling call these; jsdom does not implement them.
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
