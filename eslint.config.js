// Guardrails run by `npm test` (npm run lint): promises that are awaited or handled, no `any`, no
// unused code, no import cycles, and the module boundaries of docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Another module's files other than its public surface (index.ts, and router.ts for root.ts). */
const MODULE_INTERNALS = String.raw`modules/[a-z-]+/(?!index\.js$|router\.js$)[^/]+$`;

export default tseslint.config(
  { ignores: ['client/dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files an import leads to (for no-cycle) with the TypeScript parser.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': ['error', {
        paths: [{ name: '@trpc/server/unstable-core-do-not-import', message: 'Use the public API of @trpc/server.' }],
      }],
      // Recommended type-checked rules this code base does not follow, with the reason:
      // - tests and drizzle results are typed loosely at the edges (JSON bodies, raw rows);
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // - async handlers without await satisfy interfaces that expect promises (Fastify, tRPC);
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Server code outside the modules reaches a module through its public surface only.
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@trpc/server/unstable-core-do-not-import', message: 'Use the public API of @trpc/server.' }],
        patterns: [{ regex: MODULE_INTERNALS, message: 'Import a module through its index.ts (its public surface).' }],
      }],
    },
  },
  {
    // A module reaches another module through that module's index.ts, never its queries or services.
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@trpc/server/unstable-core-do-not-import', message: 'Use the public API of @trpc/server.' }],
        patterns: [{ regex: String.raw`^\.\./[a-z-]+/(?!index\.js$)[^/]+$`, message: 'Import another module through its index.ts (its public surface).' }],
      }],
    },
  },
  {
    // Shared code is shared: nothing from the server or the client.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: String.raw`(^|/)(server|client)/`, message: 'common/ is imported by both sides and imports neither.' }],
      }],
    },
  },
  {
    // The client runs in the browser: no node modules or globals, and only types from the server.
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**'], allowTypeImports: true, message: 'The client may import only types from the server.' },
          { group: ['node:*'], message: 'The client runs in the browser.' },
        ],
      }],
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', 'require'],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // autocannon loads its per-connection set-up as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
