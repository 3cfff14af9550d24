// Lint: typescript-eslint's recommended rules, plus two house rules. Only the
// launcher (bin/) and the IO module may touch the process's streams or exit;
// and imports follow the layers of docs/ARCHITECTURE.md (eslint-plugin-boundaries).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const streamRule = {
  'no-restricted-properties': [
    'error',
    { object: 'process', property: 'stdout', message: 'Use the injected io (ctx.io.out).' },
    { object: 'process', property: 'stderr', message: 'Use the injected io (ctx.io.err).' },
    { object: 'process', property: 'exit', message: 'Throw a typed error; the launcher sets the exit code.' },
  ],
  'no-console': 'error',
};

// The layers, bottom first. A file belongs to the first element whose pattern
// matches. Each layer may import the layers its policy names, and itself.
const elements = [
  { type: 'base', pattern: 'src/base' }, // errors, shared primitives, the IO object
  // The CLI, in three: what every command group shares, each group's folder (whose public.ts
  // is the one file other groups may import), and the rest (command.ts and the other
  // plumbing, single-file groups, program.ts, the man pages).
  { type: 'cli-shared', pattern: 'src/cli/shared' },
  { type: 'cli-group', pattern: 'src/cli/*', capture: ['group'] },
  { type: 'cli', pattern: ['src/cli', 'src/man'] },
  { type: 'core', pattern: 'src/core' }, // what commands share: context, input files, watch
  { type: 'api', pattern: 'src/api' },
  { type: 'auth', pattern: 'src/auth' },
  { type: 'config', pattern: 'src/config' },
  { type: 'output', pattern: 'src/output' },
  { type: 'connstring', pattern: 'src/connstring' },
  { type: 'model', pattern: 'src/model' },
  { type: 'emulator', pattern: 'src/emulator' },
  { type: 'entry', pattern: ['src', 'src/sea', 'src/demo'] }, // main.ts and the other programs
].map((element) => ({ ...element, partialMatch: false }));
const TYPES = elements.map((e) => e.type);

/**
 * What commands may use of src/api: its resource modules (every file of
 * src/api/resources, so a new resource needs no edit here), the client's types,
 * errors and versions; not its machinery.
 */
const API_PUBLIC = ['src/api/resources/*.ts', 'src/api/client.ts', 'src/api/errors.ts', 'src/api/versions.ts', 'src/api/operations.ts', 'src/api/description.ts'];

// Selectors name an element; `path` narrows it to files.
const el = ({ path, ...element }) => ({ ...(Object.keys(element).length ? { element } : {}), ...(path ? { file: { path } } : {}) });
const may = (from, ...to) => ({ from: el({ type: from }), allow: { to: el({ type: to }) } });

const CLI = ['cli', 'cli-group', 'cli-shared'];

/**
 * A command group's public face: the one file of src/cli/<group>/ that other groups (env
 * among them) may import. It re-exports what the group offers; the rest of the folder is private.
 */
const GROUP_PUBLIC = 'src/cli/*/public.ts';

const layerPolicies = [
  ...TYPES.filter((type) => type !== 'cli-group').map((type) => may(type, type, 'base')),
  may('entry', ...TYPES),
  { from: el({ type: CLI }), allow: { to: el({ type: ['core', 'auth', 'config', 'output', 'connstring', 'model'] }) } },
  { from: el({ type: CLI }), allow: { to: el({ type: 'api', path: API_PUBLIC }) } },
  // The emulator's entry, and the list of the options its modules declare (data only: `cdba emulator`'s flags at start-up).
  { from: el({ type: CLI }), allow: { to: el({ type: 'emulator', path: ['src/emulator/index.ts', 'src/emulator/resources/options.ts'] }) } },
  // A command group imports its own files, what every group shares (src/cli/shared), the
  // CLI's plumbing (command.ts, ...) and other groups' public faces (src/cli/<group>/public.ts),
  // never another group's other files: a group's public.ts re-exports what it offers.
  // src/cli/shared imports no group. program.ts registers the groups.
  may('cli-group', 'base', 'cli-shared', 'cli'),
  { from: el({ type: 'cli-group' }), allow: { to: { element: { type: 'cli-group', captured: { group: '{{ from.element.captured.group }}' } } } } },
  { from: el({ type: 'cli-group' }), allow: { to: el({ type: 'cli-group', path: GROUP_PUBLIC }) } },
  may('cli-shared', 'cli'),
  may('cli', 'cli-shared'),
  { from: el({ type: 'cli', path: 'src/cli/program.ts' }), allow: { to: el({ type: 'cli-group' }) } },
  may('core', 'auth', 'config', 'output'),
  { from: el({ type: 'core' }), allow: { to: el({ type: 'api', path: API_PUBLIC }) } },
  may('api', 'auth', 'config', 'model'),
  may('auth', 'config'),
  may('output', 'config'),
  // The emulator shares the pure pieces whose correctness the OpenAPI checks and
  // the recorded responses pin: the cluster model, connection-string formats,
  // digest maths, the table of operations, and the service's description (its NOT_EMULATED
  // answer names the operation; docs/ARCHITECTURE.md).
  may('emulator', 'model', 'connstring'),
  { from: el({ type: 'emulator' }), allow: { to: el({ path: ['src/auth/digest.ts', 'src/api/operations.ts', 'src/api/description.ts'] }) } },
  // The api layer never prints: no IO object, whatever directory it lives in.
  { from: el({ type: 'api' }), disallow: { to: el({ path: 'src/base/io.ts' }) } },
];


const boundariesConfig = {
  files: ['src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    'boundaries/include': ['src/**/*.ts'],
    'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-resolver.cjs', import.meta.url))]: {} },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'man/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      ...streamRule,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundariesConfig,
  { files: ['src/base/io.ts'], rules: { 'no-restricted-properties': 'off' } },
  {
    // The launcher, and the GitHub Action's steps (action/), which run bin/cdba.js.
    files: ['bin/**/*.js', 'scripts/**/*.cjs', 'action/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly', require: 'readonly', module: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.mjs', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-console': 'off' },
  },
);
