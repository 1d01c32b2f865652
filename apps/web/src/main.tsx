import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { languageReady } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// English is bundled, so this waits only for a returning Arabic visitor's strings. The first render is
// a transition: React then renders in short slices, leaving the main thread free for input meanwhile.
void languageReady.then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
