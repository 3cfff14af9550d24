// Lint: typescript-eslint's recommended rules, plus one house rule. Only the
// launcher (bin/) and the IO module may touch the process's streams or exit.
import js from '@eslint/js';
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
  { files: ['src/core/io.ts'], rules: { 'no-restricted-properties': 'off' } },
  {
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly', require: 'readonly' } },
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
