// The build of src/landing/prerender.tsx for Node (see scripts/prerender-landing.mjs): the landing
// page's components rendered to HTML once, at build time. Its CSS modules get the class names of the
// browser build (same files, same naming), and the stylesheets themselves come from that build.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@qist/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    ssr: 'src/landing/prerender.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: its modules then run in the order prerender.tsx imports them, ./server-globals first
    // (a shared chunk's imports would run before it). Node loads it once, at build time.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
