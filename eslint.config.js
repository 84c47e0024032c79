// Lint rules for the whole repository; import direction rules keep shared -> features -> app one-way.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A server module (apps/server/src/modules/<m>) and a web feature (apps/web/src/features/<f>) are
 * used from outside only through their index.ts (a feature's router also through routes/index.ts);
 * a module never imports a flow (its entry points, `*.routes.ts` and `*.jobs.ts`, may call one); a
 * feature never imports the app shell.
 */
const FIRST_PAGES = {
  accounts: './routes/login-page.tsx',
  dashboard: './routes/dashboard-page.tsx',
};

const boundaries = [
  ...folders('./apps/server/src/modules').map((m) => ({
    target: [
      './apps/server/src/!(modules)/**/*',
      './apps/server/src/*',
      `./apps/server/src/modules/!(${m})/**/*`,
    ],
    from: `./apps/server/src/modules/${m}`,
    except: ['./index.ts'],
    message: `Outside the ${m} module, import it through modules/${m}/index.ts.`,
  })),
  ...folders('./apps/web/src/features').map((f) => ({
    target: ['./apps/web/src/!(features)/**/*', './apps/web/src/*', `./apps/web/src/features/!(${f})/**/*`],
    from: `./apps/web/src/features/${f}`,
    // routes/login-page.tsx and routes/dashboard-page.tsx: the app draws a visitor's /login and a
    // signed-in start on the dashboard before the router loads (app/app-root.tsx, decision 0002).
    except: ['./index.ts', './routes/index.ts', ...(FIRST_PAGES[f] ? [FIRST_PAGES[f]] : [])],
    message: `Outside the ${f} feature, import it through features/${f}/index.ts.`,
  })),
  {
    target: './apps/server/src/modules/**/!(*.routes|*.jobs).ts',
    from: './apps/server/src/flows',
    message:
      'A module never imports a flow; flows coordinate modules (a route file or a jobs file, the entry points, may call one).',
  },
  {
    target: './apps/web/src/features/**/*',
    from: './apps/web/src/app',
    message: 'A feature never imports the app shell; shared pieces live in lib/ or components/.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dev-dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'contracts imports only zod' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/offline/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared code must not import features or app',
            },
          ],
        },
      ],
    },
  },
  {
    // What a signed-in start on the dashboard draws before the router has loaded (app/dashboard-start.tsx,
    // decision 0002), lazy parts included: React Router's hooks and links would throw there.
    files: [
      'apps/web/src/app/dashboard-start.tsx',
      'apps/web/src/app/shell/**/*.{ts,tsx}',
      'apps/web/src/features/dashboard/**/*.{ts,tsx}',
      'apps/web/src/features/invoices/components/invoice-log-card.tsx',
      'apps/web/src/features/accounts/hooks/use-logout.ts',
      'apps/web/src/features/accounts/components/device-guard.tsx',
    ],
    ignores: [
      'apps/web/src/app/shell/routed-shell.tsx',
      'apps/web/src/app/shell/route-error.tsx',
      'apps/web/src/features/dashboard/routes/index.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              allowTypeImports: true,
              message:
                'The dashboard and the shell draw before the router loads: use AppLink, appNavigate and useAppLocation.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**'], message: 'the apps never import each other' }] },
      ],
    },
  },
);
