// Guardrails run by `npm test` (npm run lint): promises that are awaited or handled, no `any`, no
// unused code, no import cycles, and the module boundaries:
// (a) outside server/modules/<domain>/, a module is imported only through its index.ts (its public
//     surface; server/root.ts also takes its router.ts); tests and scripts/bench may reach inside;
// (b) a module imports another module only through that module's index.ts;
// (c) common/ imports nothing from server/ or client/;
// (d) client/ imports nothing from server/ but the AppRouter type (`import type`, client/src/lib/trpc.ts);
// (e) a client feature (client/src/features/<feature>/) is imported only through its index.ts, by the other
//     features and by app/; lib/ and components/ import no feature. Screens stay lazy: an index.ts
//     exports a screen only as a lazy screen (lib/lazy-screen.ts), never statically. The one exception:
//     app/'s route tables import() the screen file of a feature whose index.ts also shares code with
//     other features, since a static import of that index would put the shared code in the first chunk.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Any import of tRPC's internals; the public API of @trpc/server has what this code needs. */
const TRPC_INTERNALS = {
  name: '@trpc/server/unstable-core-do-not-import',
  message: 'Use the public API of @trpc/server.',
};
/** A file inside a module other than its index.ts: `.../modules/<domain>/<file>`. */
const MODULE_INTERNALS = String.raw`(^|/)modules/[a-z-]+/(?!index\.js$)`;
/** From inside a module: a file of a sibling module other than its index.ts (`../<domain>/<file>`). */
const SIBLING_MODULE_INTERNALS = String.raw`^\.\./[a-z-]+/(?!index\.js$)`;
/** server/root.ts wires each module's router from its router.ts (see there). */
const ROOT_MODULE_INTERNALS = String.raw`(^|/)modules/[a-z-]+/(?!index\.js$|router\.js$)`;
const THROUGH_INDEX = 'Import a module through its index.ts (its public surface).';

/** The options of no-restricted-imports: tRPC's internals always, and the given patterns. */
const restrictedImports = (...patterns) => ['error', { paths: [TRPC_INTERNALS], patterns }];

/** (d) What the client may not take from the server: anything but the router's type. */
const CLIENT_SERVER_IMPORTS = [
  {
    regex: String.raw`^(\.\./)+server(/(?!root(\.js)?$)|$)`,
    message: 'The client imports nothing from the server but the AppRouter type (import type from server/root).',
  },
  {
    regex: String.raw`^(\.\./)+server/root(\.js)?$`,
    allowTypeImports: true,
    message: 'The client takes only types from server/root (import type { AppRouter }).',
  },
];

/** (e) The client's features, each a folder of client/src/features reached through its index.ts. */
const FEATURES_DIR = 'client/src/features';
const CLIENT_FEATURES = readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);
/** A feature's screen files at the top of its folder (`*Page.tsx`), which app/'s route tables may import(). */
const screenFiles = (feature) => readdirSync(new URL(`${FEATURES_DIR}/${feature}`, import.meta.url))
  .filter((file) => file.endsWith('Page.tsx')).map((file) => `./${file}`);
const THROUGH_FEATURE_INDEX = 'Import another feature through its index.ts (its public surface).';
const FEATURE_ZONES = [
  ...CLIENT_FEATURES.map((feature) => ({
    target: `${FEATURES_DIR}/!(${feature})/**`,
    from: `${FEATURES_DIR}/${feature}`,
    except: ['./index.ts'],
    message: THROUGH_FEATURE_INDEX,
  })),
  ...CLIENT_FEATURES.map((feature) => ({
    target: ['client/src/app/**', 'client/src/main.tsx'],
    from: `${FEATURES_DIR}/${feature}`,
    except: ['./index.ts', ...screenFiles(feature)],
    message: `${THROUGH_FEATURE_INDEX} Route tables may also import() a screen file.`,
  })),
  {
    target: ['client/src/lib/**', 'client/src/components/**'],
    from: FEATURES_DIR,
    message: 'lib/ and components/ are shared by the features and import none of them.',
  },
];
/** A screen file imported statically: `…/SomePage`, `…/DashboardLayout`, `…/AdminConsole`. */
const SCREEN_FILE = String.raw`(Page|Layout|Console)$`;

export default tseslint.config(
  { ignores: ['client/dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file is checked in the project of the nearest tsconfig.json (server, tests, client).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files an import leads to (for no-cycle) with the TypeScript parser.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({
        project: ['tsconfig.json', 'tests/tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true,
      })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none',
      }],
      // Type imports do not count: they are erased and cannot make a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      // The TypeScript version of the rule (it knows `import type`); one set of options per file.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': restrictedImports(),
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
    // (a) Code outside the modules reaches a module through its public surface only.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/modules/**', 'scripts/bench/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports({ regex: MODULE_INTERNALS, message: THROUGH_INDEX }),
    },
  },
  {
    files: ['server/root.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports({ regex: ROOT_MODULE_INTERNALS, message: THROUGH_INDEX }),
    },
  },
  {
    // (b) A module reaches another module through that module's index.ts, never its queries or services.
    files: ['server/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports(
        { regex: SIBLING_MODULE_INTERNALS, message: 'Import another module through its index.ts (its public surface).' },
        { regex: MODULE_INTERNALS, message: THROUGH_INDEX },
      ),
    },
  },
  {
    // (c) Shared code is shared: nothing from the server or the client.
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports({
        regex: String.raw`(^|/)(server|client)(/|$)`, message: 'common/ is imported by both sides and imports neither.',
      }),
    },
  },
  {
    // (d) The client runs in the browser: no node modules or globals, and of the server only the
    // router's type, which client/src/lib/trpc.ts takes with `import type` from server/root.ts.
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports(...CLIENT_SERVER_IMPORTS),
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', '__filename', 'require', 'global'],
      'import-x/no-restricted-paths': ['error', { zones: FEATURE_ZONES, basePath: import.meta.dirname }],
    },
  },
  {
    // (e) A screen is fetched when first opened: a feature's index.ts and app/ never import a screen
    // file statically (no-restricted-imports sees static imports only; import() stays allowed). The
    // sign-in screen is the first chunk's on purpose: auth's index.ts exports it.
    files: [`${FEATURES_DIR}/*/index.ts`, 'client/src/app/**/*.{ts,tsx}'],
    ignores: [`${FEATURES_DIR}/auth/index.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports(...CLIENT_SERVER_IMPORTS, {
        regex: SCREEN_FILE,
        message: 'A screen is fetched when first opened: import() it through lazyScreen, never statically.',
      }),
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
