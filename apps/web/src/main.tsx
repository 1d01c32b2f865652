import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { languageReady } from './i18n';
import { loadCurrency } from './lib/currency-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// English is bundled, so this waits only for a returning Arabic visitor's strings, and for the platform's
// currency (preloaded by index.html, so it is usually there by now). The first render is a transition:
// React then renders in short slices, leaving the main thread free for input meanwhile.
void Promise.all([languageReady, loadCurrency()]).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
