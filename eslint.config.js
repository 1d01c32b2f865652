import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The sub-folders of a folder, read at lint time so a new module or feature is covered the day it lands. */
function foldersIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/*
 * Server modules. A feature module (auth, onboarding, backoffice, orders, payments, ledger, jobs, …)
 * imports no other feature module; it may import only these shared ones, which own what several
 * features read:
 *   parties        SME and supplier rows, level changes with their log, their API projections
 *   settings       platform settings: industries, bank share rate, insurer priority, sign-up codes
 *   notifications  the transactional outbox
 *   throttle       rate limits
 *   files/storage  where uploaded bytes live (the file itself, not the files module's routes)
 *   audit/record   the audit trail's writer: every audited action appends its event in its own transaction
 * Whatever two features both need goes into one of these (or into src/lib), never a feature into
 * another: app.ts wires features together by passing functions. A module that must lean on a
 * feature module gets an explicit line in MODULE_EXTRA_DEPENDENCIES, with the reason beside it.
 * import-x/no-cycle below keeps the shared modules from leaning on each other in a circle.
 */
const SERVER_MODULES = 'apps/server/src/modules';
const SHARED_SERVER_MODULES = ['parties', 'settings', 'notifications', 'throttle', 'files/storage.ts', 'audit/record.ts'];
/** @type {Record<string, string[]>} module → further modules it may import, each with its reason. */
const MODULE_EXTRA_DEPENDENCIES = {
  // Every money step writes its journal entry in its own transaction, through the ledger's writer.
  orders: ['ledger'],
  // A dashboard counts exactly the orders its role's list shows (the orders' scope) and an insurer's
  // queue as the back office defines it.
  dashboards: ['orders', 'backoffice'],
};

const serverModuleZones = foldersIn(`./${SERVER_MODULES}/`).map((module) => ({
  target: `${SERVER_MODULES}/${module}`,
  from: SERVER_MODULES,
  except: [...new Set([module, ...SHARED_SERVER_MODULES, ...(MODULE_EXTRA_DEPENDENCIES[module] ?? [])])].map((path) => `./${path}`),
  message: `A server module imports only itself and the shared modules (${SHARED_SERVER_MODULES.join(', ')}); see eslint.config.js.`,
}));

/*
 * Web (bulletproof-react): imports flow shared (components, lib, config, i18n) → features → app. A
 * feature does not import another feature (what two features share moves to components/ or lib/) nor
 * the app; shared code imports neither. Tests reach app/ only through src/testing, and production
 * code never imports src/testing.
 */
const WEB_SRC = 'apps/web/src';
const webFeatureZones = foldersIn(`./${WEB_SRC}/features/`).map((feature) => ({
  target: `${WEB_SRC}/features/${feature}`,
  from: `${WEB_SRC}/features`,
  except: [`./${feature}`],
  message: 'A feature does not import another feature: move the shared piece to components/ or lib/.',
}));

const boundaryZones = [
  ...serverModuleZones,
  {
    target: 'apps/server/src/db',
    from: ['apps/server/src/modules', 'apps/server/src/plugins', 'apps/server/src/app.ts'],
    message: 'db/ is below the modules: what it needs lives in db/, src/lib or @qist/domain.',
  },
  {
    target: 'apps/server/src/plugins',
    from: 'apps/server/src/modules',
    message: 'Plugins depend on shared types (src/lib/principal.ts), not on module internals; app.ts passes the functions.',
  },
  {
    target: 'apps/server/src/lib',
    from: ['apps/server/src/modules', 'apps/server/src/plugins', 'apps/server/src/db'],
    message: 'src/lib is shared by everything on the server and imports none of it.',
  },
  ...webFeatureZones,
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'A feature does not import the app: app/ composes features (tests preload routes through src/testing).',
  },
  {
    target: [`${WEB_SRC}/components`, `${WEB_SRC}/lib`, `${WEB_SRC}/config`, `${WEB_SRC}/i18n`],
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'Shared web code imports no feature and not the app: imports flow shared → features → app.',
  },
  { target: 'apps/web', from: 'apps/server', message: 'The web app talks to the server over HTTP; shared types live in @qist/domain.' },
  { target: 'packages/domain', from: 'apps', message: 'The domain package is imported by the apps, never the other way round.' },
];

/** Zones for the web app's production code only: its tests and src/testing may use the test helpers. */
const webProductionZones = [
  ...boundaryZones,
  {
    target: WEB_SRC,
    from: `${WEB_SRC}/testing`,
    message: 'Production code does not import test helpers or fixtures (src/testing).',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-prerender/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.test-output/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The import rules read TypeScript sources too (no-cycle follows them): without these they skip .ts files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['packages/domain/tsconfig.json', 'apps/server/tsconfig.test.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Across the whole repository; type-only imports are not followed (they are gone at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${WEB_SRC}/testing/**`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webProductionZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
