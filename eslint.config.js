import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * The house rules a linter can keep (the layout of README.md): no import cycles; src/shared imports
 * only zod; the H5 and the server never import each other; inside each, layers import one way
 * (docs/decisions/layers-and-boundaries.md); only src/app/api/ reaches the HTTP client; a view
 * section (a folder of src/app/views) uses no other section's files, what they share lives in
 * components/ or api/; file names kebab-case, folders too except the views, which keep the
 * specification's names. No type-aware rules: `npm run typecheck` does the types.
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

/**
 * The layers of each half, lowest first: what each folder (or root file) may import of its half
 * besides itself. A lower layer never imports a higher one; tests and the test kits are free.
 */
const SERVER_LAYERS = {
  'config.ts': [],
  lib: [],
  pdf: [],
  db: ['lib'],
  providers: ['lib', 'config.ts'],
  modules: ['lib', 'pdf', 'db', 'providers', 'config.ts'],
  seeds: ['lib', 'db', 'modules'],
  jobs: ['db', 'modules'],
  simulators: ['lib', 'providers', 'config.ts'],
  plugins: ['lib', 'db', 'providers', 'modules', 'config.ts'],
};
const APP_LAYERS = {
  'store.ts': [],
  'client-env.ts': [],
  lib: [],
  i18n: ['lib', 'store.ts'],
  session: ['lib', 'store.ts', 'i18n'],
  // The WeChat check of a download; env.ts reads only the user agent and the address.
  api: ['lib', 'store.ts', 'i18n', 'session', 'wechat/env.ts'],
  'sign-in': ['lib', 'store.ts', 'i18n', 'session', 'api'],
  wechat: ['lib', 'store.ts', 'i18n', 'session', 'api', 'sign-in'],
  styles: ['lib', 'wechat/env.ts'],
  components: [
    ...['lib', 'store.ts', 'client-env.ts', 'i18n', 'session', 'api', 'sign-in', 'wechat', 'styles'],
    'router/types.ts',
  ],
  views: ['lib', 'store.ts', 'client-env.ts', 'i18n', 'session', 'api', 'sign-in', 'wechat', 'styles', 'components'],
  router: [
    ...['lib', 'store.ts', 'client-env.ts', 'i18n', 'session', 'api', 'sign-in', 'wechat', 'styles'],
    ...['components', 'views'],
  ],
  boot: ['lib', 'i18n', 'api', 'wechat', 'router'],
};

function layerZones(root, layers) {
  return Object.entries(layers).map(([layer, allowed]) => ({
    target: `./${root}/${layer}`,
    from: `./${root}`,
    except: [`./${layer}`, ...allowed.map((name) => `./${name}`)],
    message: `${root}/${layer} is below the rest of ${root}: it imports only ${allowed.length ? `${allowed.join(', ')} there and ` : ''}src/shared (docs/decisions/layers-and-boundaries.md).`,
  }));
}

/** The server's plugins use modules' services, never their routes (modules/index.ts registers those). */
const pluginZone = {
  target: './src/server/plugins',
  from: [
    './src/server/modules/+(index).ts',
    './src/server/modules/**/routes.ts',
    './src/server/modules/**/*-routes.ts',
  ],
  message: 'A plugin uses a module service, never its routes: modules/index.ts registers those.',
};

/** The three parts of the package: src/shared is the contract both halves use, and they never meet. */
const BOUNDARY_ZONES = [
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
];

/** Inside the H5: the HTTP client only through api/, and each view section on its own. */
const H5_ZONES = [
  {
    target: ['./src/app/!(api)/**/*', './src/app/*.{ts,tsx}'],
    from: './src/app/api/client.ts',
    message: 'Only src/app/api/ calls the HTTP client: add the call to api/<domain>.ts.',
  },
  ...viewZones,
];

const STORAGE_NAMES = ['localStorage', 'sessionStorage'];
const STORAGE_MESSAGE = 'Use localStore or sessionStore of src/app/lib/web-storage.ts: they never throw.';

/** Layer rules apply to the product's files; tests and the test kits may reach anything. */
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/app/test/**', 'src/app/views/testing.tsx'];

/** Only src/app/api/ talks HTTP. */
const KY_PATH = { name: 'ky', message: 'Only src/app/api/ uses ky: add the call to api/<domain>.ts.' };
/** One Button, which keeps its name while it loads (docs/accessibility.md#screen-readers). */
const BUTTON_WRAPPER = 'src/app/components/ui/button.tsx';
const DIALOG_WRAPPER = 'src/app/components/ui/dialog.ts';
const ANTD_BUTTON_PATH = {
  name: 'antd-mobile',
  importNames: ['Button', 'ActionSheet'],
  message: `Use the Button of ${BUTTON_WRAPPER} (it keeps its name while it loads) and the ActionSheet of src/app/components/ui/action-sheet.tsx (its actions are buttons a keyboard reaches).`,
};

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
      'import-x/no-restricted-paths': ['error', { zones: [...BOUNDARY_ZONES, ...H5_ZONES] }],
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
    files: ['src/server/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...BOUNDARY_ZONES, ...layerZones('src/server', SERVER_LAYERS), pluginZone] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...BOUNDARY_ZONES, ...H5_ZONES, ...layerZones('src/app', APP_LAYERS)] },
      ],
    },
  },
  {
    // One way to Web Storage: the helper that never throws.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/lib/web-storage.ts', ...TEST_FILES],
    rules: {
      'no-restricted-globals': ['error', ...STORAGE_NAMES.map((name) => ({ name, message: STORAGE_MESSAGE }))],
      'no-restricted-properties': [
        'error',
        ...STORAGE_NAMES.map((property) => ({ object: 'window', property, message: STORAGE_MESSAGE })),
      ],
    },
  },
  {
    // One way to antd-mobile's alert and confirm: the wrapper that names them for a screen reader.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [DIALOG_WRAPPER, ...TEST_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Dialog'][property.name=/^(alert|confirm|show)$/]",
          message: `Use ${DIALOG_WRAPPER}: it names the dialog for a screen reader.`,
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/api/**', BUTTON_WRAPPER],
    rules: {
      'no-restricted-imports': ['error', { paths: [KY_PATH, ANTD_BUTTON_PATH] }],
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
