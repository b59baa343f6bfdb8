/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * Production builds run on Preact (preact/compat), which is API-compatible
 * with React 19 for everything this app uses and a fraction of its size: the
 * diner menu's first load must stay within its JavaScript budget (see the
 * budget test in e2e/navigation.spec.ts). `vite` (dev) and Vitest keep the
 * real React; the Playwright suite runs against the Preact build.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // react-i18next imports the CommonJS shim, which would pull preact/compat in
  // through a CommonJS wrapper (defeating tree-shaking); compat has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * react-router's package exports only its development bundle to bundlers
 * (dev-only warnings and checks included); production builds use the
 * production bundle it ships next to it.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

// The Go server (`carta serve`) listens on :8080 by default; in development
// Vite serves the SPA and forwards every /api call to it.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [...preactAliases, reactRouterProduction] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: the Go server reads it to preload the diner
    // menu's chunks in parallel with the entry (no request waterfall).
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-router reads React.useOptimistic behind a guard (data routers
        // only, unused here); preact/compat does not have it.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // The shared libraries form one chunk (fewer, larger chunks compress
        // better); TanStack Query, which only the staff pages use, forms
        // another, and never loads on the diner menu. App modules are split
        // automatically by who imports them.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](?!@tanstack[\\/])/ },
            // queryOptions() is an identity function that src/api/* use next to
            // the fetchers the menu needs: leaving it out of the group keeps
            // the menu from importing the whole query chunk.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](?!react-query[\\/]build[\\/]modern[\\/]queryOptions\.js)/ },
            // The diner menu's own modules and the small shared helpers it
            // uses form one chunk: on a phone over HTTP/1.1 every extra file
            // is another round trip before the menu can paint.
            { name: 'menu', test: /src[\\/](features[\\/]menu|lib|api)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
}));
