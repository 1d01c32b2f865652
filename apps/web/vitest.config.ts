// Component tests of the web app (jsdom); run alone with `vitest run --config apps/web/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const domainEntry = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: { '@qist/domain': domainEntry, '@': src },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Journeys through several screens in jsdom take seconds on a loaded two-core machine.
    testTimeout: 30_000,
  },
});
