// ESLint (flat config): typescript-eslint, the React hooks rules, and the
// import rules that keep the feature folders apart. See docs/decisions.md
// ("ESLint, and features that use each other only through their index.ts").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which features a feature may use (through their index.ts). The graph must
 * stay acyclic: the account feature embeds the menu, so the menu never
 * imports the account feature (the app hands it the diner's drawer). A
 * feature not listed uses none.
 */
const featureDependencies = {
  account: ['menu'],
  admin: ['settings', 'order-board'],
  dashboard: ['offers', 'vouchers', 'order-board', 'settings', 'team'],
  offers: ['settings'],
  ordering: ['account', 'menu'],
  'super-admin': ['offers'],
  welcome: ['wines'],
  wines: ['settings'],
};

function dependenciesOf(feature) {
  return featureDependencies[feature] ?? [];
}

// Refuse a cycle in the graph above (menu → account → menu was one).
(function assertAcyclic() {
  const state = new Map();
  const visit = (feature, path) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'visiting') {
      throw new Error(`eslint.config.js: feature cycle ${[...path, feature].join(' → ')}`);
    }
    state.set(feature, 'visiting');
    for (const dependency of dependenciesOf(feature)) visit(dependency, [...path, feature]);
    state.set(feature, 'done');
  };
  for (const feature of features) visit(feature, []);
})();

/**
 * The boundary rule. A feature imports another feature only through that
 * feature's index.ts (its public surface), never a file inside it, and only
 * a feature it depends on (above). The app wiring may also import a
 * feature's route modules (lazy routes). Shared code (components, lib, api)
 * imports no feature.
 */
const boundaryZones = [
  ...features.map((feature) => {
    const allowed = dependenciesOf(feature);
    const which = allowed.length ? `only ${allowed.map((d) => `'../${d}'`).join(', ')}` : 'no other feature';
    return {
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`, ...allowed.map((dependency) => `./${dependency}/index.ts`)],
      message: `features/${feature} may import ${which} (through its index.ts, never a file inside it; see featureDependencies in eslint.config.js).`,
    };
  }),
  {
    target: './src/app',
    from: './src/features',
    except: features.flatMap((feature) => [`./${feature}/index.ts`, `./${feature}/routes`]),
    message: 'The app imports a feature through its index.ts, or a route module of it (lazy routes).',
  },
  {
    target: ['./src/components', './src/lib', './src/api'],
    from: './src/features',
    message: 'Shared code must not depend on a feature: move what both need into src/components or src/lib.',
  },
];

/**
 * The diner menu must not load TanStack Query (its JavaScript budget, see
 * vite.config.ts and docs/decisions.md): neither the menu feature nor the
 * shared modules that end up in its chunk may import it.
 */
const noQueryOnTheMenu = {
  paths: [
    {
      name: '@tanstack/react-query',
      message:
        'The diner menu and the shared modules of its chunk stay free of TanStack Query:' +
        ' put query options in a feature (e.g. features/settings/api).',
    },
  ],
};

export default defineConfig(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'test-results', 'playwright-report', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Type-aware rules (floating promises, misused promises, ...) on the app's
    // code; the tests keep the rules that need no type information.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React event handlers may be async: the form's promise is not awaited by the browser anyway.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json', '.css'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
    },
  },
  {
    files: ['src/features/menu/**', 'src/lib/**', 'src/api/**', 'src/components/**'],
    rules: { 'no-restricted-imports': ['error', noQueryOnTheMenu] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['*.config.{js,ts}', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
