import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'artifacts/**', 'bench-out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features never import each other; route modules in app/ compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '../../*/**', '@/features/*'],
              message: 'A feature may not import another feature; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The same rule one folder deeper (components/<part>/): '../../' is still inside the feature there.
    files: ['apps/web/src/features/*/components/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '../../../*/**', '@/features/*'],
              message: 'A feature may not import another feature; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Handlers stay thin: no SQL in routes.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/**', '**/*.repository'], message: 'Routes call services, never the database.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'packages/detect/**/*.ts',
      'packages/format/**/*.ts',
      'packages/contract/**/*.ts',
      'packages/csv/src/**/*.ts',
      'packages/sample-data/src/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'http'], message: 'Packages are pure: no I/O.' }] },
      ],
    },
  },
  {
    // A server module reaches another only through its index.ts, and no import chain comes back to where
    // it started (issue 28): stages hand work forward through jobs/stages.ts instead.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: readdirSync('apps/server/src/modules', { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => ({
              target: `./apps/server/src/modules/${d.name}/**`,
              from: ['./apps/server/src/modules/*/**'],
              except: [`**/modules/${d.name}/**`, '**/modules/*/index.ts'],
              message: 'A module reaches another only through its index.ts.',
            })),
        },
      ],
      // Type-only imports vanish at build time and cannot make a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // SQL lives only in repositories (issue 28): a service calls a repository's named function, never the
    // database. Exempt: db/ (the client, migrations, seed), jobs/ (pg-boss's queue), the connectors that speak
    // to a customer's own database, and *.sql.ts files of pure builders that return warehouse SQL for a
    // repository to run.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.sql.ts',
      'apps/server/src/db/**',
      'apps/server/src/jobs/**',
      'apps/server/src/modules/connections/connectors/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(query|exec|withClient)$/][callee.object.name=/^(db|tx|client)$/]',
          message: 'Only repositories (*.repository.ts) talk to the database.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(query|exec|withClient)$/][callee.object.property.name=/^(db|tx|client)$/]',
          message: 'Only repositories (*.repository.ts) talk to the database.',
        },
        {
          selector:
            'TemplateLiteral[quasis.0.value.raw=/^\\s*(select|insert into|update|delete from|with|create|alter|drop)\\s/i]',
          message: 'SQL lives in repositories (*.repository.ts) or pure *.sql.ts builders.',
        },
        {
          selector:
            'Literal[value=/^\\s*(select|insert into|update|delete from|with|create|alter|drop)\\s/i]',
          message: 'SQL lives in repositories (*.repository.ts) or pure *.sql.ts builders.',
        },
      ],
    },
  },
  {
    files: [
      'packages/*/bench/**/*.ts',
      'packages/*/scripts/**/*.ts',
      'packages/*/test/**/*.ts',
      '**/*.test.ts',
      'e2e/**/*.ts',
      'scripts/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
