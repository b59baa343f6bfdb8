/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
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

/**
 * The diner menu's pages and what they load for a diner (the drawer, the
 * registration dialog). None of them, with all they import statically, may
 * load TanStack Query: the menu keeps its own small loader
 * (src/lib/fetch-cache.ts) to stay within its JavaScript budget
 * (docs/decisions.md).
 */
const MENU_MODULES = [
  /src[\\/]features[\\/]menu[\\/]routes[\\/]MenuPage\.tsx$/,
  /src[\\/]features[\\/]account[\\/]routes[\\/]RestauranteMenuPage\.tsx$/,
  /src[\\/]features[\\/]account[\\/]components[\\/]DinerDrawer\.tsx$/,
  /src[\\/]features[\\/]account[\\/]components[\\/]AuthDialog\.tsx$/,
];

/**
 * Fails the build when the entry or a chunk of MENU_MODULES reaches
 * TanStack Query through static imports. ESLint forbids the import in the
 * menu's own modules; this catches any other path to it.
 */
function menuWithoutTanStackQuery(): Plugin {
  return {
    name: 'carta-menu-without-tanstack-query',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const roots = chunks.filter((chunk) => chunk.isEntry);
      for (const module of MENU_MODULES) {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
        if (!chunk) this.error(`no chunk holds ${module} (update MENU_MODULES in vite.config.ts)`);
        roots.push(chunk);
      }
      const seen = new Set<string>();
      const queue = roots.map((chunk) => chunk.fileName);
      while (queue.length > 0) {
        const chunk = byFile.get(queue.pop()!);
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        const query = chunk.moduleIds.find((id) => /node_modules[\\/]@tanstack[\\/]/.test(id));
        if (query) {
          this.error(`the diner menu's code reaches TanStack Query (${query} in ${chunk.fileName}); see docs/decisions.md`);
        }
        queue.push(...chunk.imports);
      }
    },
  };
}

// The Go server (`carta serve`) listens on :8080 by default; in development
// Vite serves the SPA and forwards every /api call to it.
//
// `vite build --ssr src/first-view/render.tsx` (see the build script) makes
// the module that renders the diner menu's first view at build time
// (scripts/first-views.mjs): Node, the real React and its server renderer,
// into dist-ssr/ (not shipped).
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), menuWithoutTanStackQuery()],
  resolve: {
    alias: command === 'build' && !isSsrBuild ? [...preactAliases, reactRouterProduction] : [],
  },
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true } : {
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
        // better); TanStack Query, which only the staff and diner pages use,
        // forms another, and never loads on the diner menu (checked by
        // menuWithoutTanStackQuery above). App modules are split
        // automatically by who imports them.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](?!@tanstack[\\/])/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The diner menu's own modules and the small shared helpers it
            // uses form one chunk: on a phone over HTTP/1.1 every extra file
            // is another round trip before the menu can paint. The products
            // view (allergen icons, diet filter) is not part of the first
            // paint: MenuScreen loads it lazily, after the first view. Nor
            // are prices (lib/money.ts) nor the diet rules (lib/dietary.ts):
            // the pages that show them load them. Nor are the clocks of the
            // ordering pages and the board (lib/clock.ts, lib/age.ts) nor the
            // opening hours' helpers (lib/opening-hours.ts), nor the list of countries
            // (lib/countries.ts: the super admin's and the settings' pickers), nor the helpers
            // only staff or other diner pages use (dates, event-stream, progressive,
            // link-language, use-debounced): a module the menu never imports has no place here. Nor the typed
            // calls of the staff pages (api/client.ts) and the staff-only
            // reads built on them (api/cliente.ts, api/order-refunds.ts, api/staff-session.ts).
            { name: 'menu', test: /src[\\/](features[\\/]menu[\\/](?!components[\\/]ProductsView\.tsx)|lib[\\/](?!money\.ts|dietary\.ts|clock\.ts|age\.ts|opening-hours\.ts|countries\.ts|dates\.ts|event-stream\.ts|progressive\.ts|link-language\.ts|use-debounced\.ts)|api[\\/](?!client\.ts|cliente\.ts|order-refunds\.ts|staff-session\.ts))/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
    // The countries are the server's data (the super admin's country list imports it).
    fs: { allow: ['.', '../internal/locale/countries.json'] },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A page test clicks through a lazily loaded screen in jsdom: ~4 s on a busy 2-core machine,
    // over Vitest's 5 s default. A bound that still catches a hang, not a retry.
    testTimeout: 15_000,
  },
}));
