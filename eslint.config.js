import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * The house rules a linter can keep (the layout of README.md): no import cycles; src/shared imports
 * only zod; the H5 and the server never import each other; only src/app/api/ reaches the HTTP
 * client; a view section (a folder of src/app/views) uses no other section's files, what they
 * share lives in components/ or api/; file names kebab-case, folders too except the views, which
 * keep the specification's names. No type-aware rules: `npm run typecheck` does the types.
 */

const VIEWS = 'src/app/views';
const viewSections = readdirSync(VIEWS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each section may use its own files and the view test helper, nothing else under views/. */
const viewZones = viewSections.map((section) => ({
  target: `./${VIEWS}/${section}`,
  from: `./${VIEWS}`,
  except: [`./${section}`, './testing.tsx'],
  message: 'A view uses only its own section: move what views share to components/ or api/.',
}));

const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';

export default defineConfig([
  // What .gitignore leaves out (builds, data, test output), the generated migrations and static files.
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.bench/',
      '.e2e-data/',
      'drizzle/',
      'public/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: './src/app',
              message: 'src/shared is the contract: it imports nothing of the H5.',
            },
            {
              target: './src/shared',
              from: './src/server',
              message: 'src/shared is the contract: it imports nothing of the server.',
            },
            {
              target: './src/app',
              from: './src/server',
              message: 'The H5 never imports the server: share through src/shared.',
            },
            {
              target: './src/server',
              from: './src/app',
              message: 'The server never imports the H5: share through src/shared.',
            },
            {
              target: ['./src/app/!(api)/**/*', './src/app/*.{ts,tsx}'],
              from: './src/app/api/client.ts',
              message: 'Only src/app/api/ calls the HTTP client: add the call to api/<domain>.ts.',
            },
            ...viewZones,
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{js,ts,tsx}': KEBAB },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        {
          'src/!(app)/**/': KEBAB,
          'src/app/!(views)/**/': KEBAB,
          '{e2e,scripts}/**/': KEBAB,
        },
      ],
      // Chinese texts use the ideographic space (U+3000) on purpose, e.g. after 第一条 in a clause.
      'no-irregular-whitespace': ['error', { skipTemplates: true }],
      // `_name` is left out on purpose, e.g. `const { id: _id, ...rest } = row`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: 'Only src/app/api/ uses ky: add the call to api/<domain>.ts.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|\\./)', message: 'src/shared imports only zod and its own files.' }],
        },
      ],
    },
  },
  {
    // Nothing imports a test, so a test is in no cycle: the costly search is left out there.
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
]);
