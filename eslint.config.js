// Guardrails run by `npm test` (npm run lint): promises that are awaited or handled, no `any`, no
// unused code, and the module boundaries (circles of imports, type-only ones included, and loops of
// modules are a unit test's: tests/unit/import-graph.test.ts):
// (a) outside server/modules/<domain>/, a module is imported only through its index.ts (its public
//     surface; server/root.ts also takes its router.ts); tests and scripts/bench may reach inside;
// (b) a module imports another module only through that module's index.ts (a nested module, such
//     as server/modules/admin/<x>/, included), and server/trpc/ only from its router.ts;
// (c) common/ imports nothing from server/ or client/, and server/core/ is a leaf: no module, no door,
//     nothing of tRPC (below, outsideCoreLeaf);
// (d) client/ imports nothing from server/ but the AppRouter type (`import type`, client/src/lib/trpc.ts);
// (e) a client feature (client/src/features/<feature>/) is imported only through its index.ts, by the other
//     features and by app/; lib/ and components/ import no feature. Screens stay lazy: an index.ts
//     exports a screen only as a lazy screen (lib/lazy-screen.ts), never statically. The one exception:
//     app/'s route tables import() the screen file of a feature whose index.ts also shares code with
//     other features, since a static import of that index would put the shared code in the first chunk.
// (f) the church area's converted client code writes no UI text in its JSX: its texts come from the
//     catalogue (docs/TRANSLATION.md); the console (features/admin) stays English-only;
// (g) only server/doors/ and server/db/ open a tenant transaction (withTenant); where platform
//     transactions may be opened is said beside the rule.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { typeErrors } from './scripts/lint/type-errors.js';

/** Any import of tRPC's internals; the public API of @trpc/server has what this code needs. */
const TRPC_INTERNALS = {
  name: '@trpc/server/unstable-core-do-not-import',
  message: 'Use the public API of @trpc/server.',
};
/** A file inside a module other than its index.ts: `.../modules/<domain>/<file>`. */
const MODULE_INTERNALS = String.raw`(^|/)modules/[a-z-]+/(?!index\.js$)`;
/**
 * From a file `depth` folders below its module's folder (server/modules/<domain>/<depth folders>/):
 * a file of another module other than its index.ts, at any level up to server/modules/. At depth 0
 * that is `../<domain>/<file>`; a nested module (server/modules/admin/<x>/<file>) reaches its
 * siblings at `../<x>/<file>` and the other modules at `../../<domain>/<file>`.
 */
const otherModuleInternals = (depth) => String.raw`^(\.\./){1,${depth + 1}}[a-z-]+/(?!index\.js$)`;
/** How deep the files of a module go (server/modules/admin/<x>/<file> is depth 1). */
const MODULE_DEPTHS = [0, 1, 2];
/** server/root.ts wires each module's router from its router.ts (see there). */
const ROOT_MODULE_INTERNALS = String.raw`(^|/)modules/[a-z-]+/(?!index\.js$|router\.js$)`;
const THROUGH_INDEX = 'Import a module through its index.ts (its public surface).';
/** tRPC itself, or this server's tRPC folder (server/trpc/). */
const TRPC = String.raw`^@trpc/|(^|/)trpc/`;
const TRPC_IN_ROUTERS_ONLY = {
  regex: TRPC,
  message: 'Only a module\'s router.ts takes procedures from server/trpc/; a service receives a scope (server/core/scopes.ts) and throws an AppError (server/core/errors.ts).',
};

/**
 * (c) server/core/ is a leaf: what every transport and every door shares (errors and the error
 * policy, the scopes and what they carry, the request's credentials, i18n, pdf, after-commit work,
 * the work queue). Of the server it takes only server/db/ (the database's handles and types), the
 * configuration and the background runner, besides common/ and the schema: no module, no door
 * (server/doors/), nothing of tRPC or the REST adapter, in type imports too. What needs a module is
 * a door's or that module's, not the core's. From a file `depth` folders below server/core/: a
 * relative import that climbs into server/ and lands anywhere but those three.
 */
const outsideCoreLeaf = (depth) => String.raw`^(\.\./){${depth + 1}}(?!db/|config\.js$|background-tasks\.js$|\.\./)`;
const CORE_DEPTHS = [0, 1];
const CORE_IS_A_LEAF = 'server/core/ is a leaf: it imports only server/db/, server/config.ts, server/background-tasks.ts, common/ and the schema (no module, door, tRPC or REST).';

/**
 * (g) A tenant transaction (`withTenant`) or an association's (`withAssociation`) is opened only by a
 * door: server/doors/ (one file per way in: a church user's session, a payer, a one-time link, a
 * background job, a visitor naming a church or an association, an association officer's session)
 * and server/db/ (which implements it). Anywhere else in server/ and scripts/, any mention of
 * `withTenant` (a call, a reference, a destructuring, an import) is refused: a module enters a
 * church through a door, so a new kind of caller is a new door, not a fourth copy of an entry.
 * Excepted, by name:
 * - server/modules/demo/seed.ts: fills the church it has just created through the platform door,
 *   once, at a demo server's start or from `npm run demo:seed`; no caller comes in through it.
 * - scripts/bench/: the benchmarks time the database's own door (server/db/) against bare drivers
 *   and fill churches for their runs; they are not served and no request reaches them.
 * The migration and restore scripts (scripts/db-*.ts) migrate as the owner and open no tenant
 * transaction; tests/ are outside the rule (they arrange and inspect a church's rows through the
 * database's doors themselves).
 *
 * Platform transactions (`withPlatform`: app_platform, which crosses churches and alone writes the
 * platform's tables) stay open to the modules whose work is the platform's rather than one church
 * user's, each for that work only: the church directory and registration, a password-reset request
 * (an address's users in every church), plans, payments and subscription changes, operator sign-in
 * and the console (the operator door), a link's church (the link door), the job queue, the sweeps
 * of expired exports and of the sync ledger, the digest's due churches, the readiness check and the
 * demo seed. A church's own rows for its users are read and written in a tenant transaction.
 */
const TENANT_TRANSACTION = 'A tenant or association transaction is opened only by a door: enter the church or association through server/doors/ (church, payer, link, job, visitor, association).';
const OPENS_A_TENANT_TRANSACTION = ['withTenant', 'withAssociation'].flatMap((name) => [
  `MemberExpression[property.name="${name}"]`,
  `MemberExpression[property.value="${name}"]`,
  `ObjectPattern > Property[key.name="${name}"]`,
  `ImportSpecifier[imported.name="${name}"]`,
]).map((selector) => ({ selector, message: TENANT_TRANSACTION }));

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
/**
 * (f) The church area's client code that speaks the user's language: its texts come from the catalogue
 * through `t('area.id')`, so a text written in the code would show in English whatever the language.
 * Every screen of the church area is converted; the console (features/admin) stays English-only.
 */
const TRANSLATED_CLIENT_CODE = ['client/src/**/*.tsx'];
/** The attributes that show text to the user (Mantine's label, description and error included). */
const TEXT_ATTRIBUTE = String.raw`JSXAttribute[name.name=/^(label|placeholder|title|aria-label|alt|description|error)$/]`;
/** A string with a letter in any script: punctuation, digits and spaces alone are not a text to translate. */
const HAS_LETTER = String.raw`/\p{L}/u`;
/** A catalogue id given to a component that translates it (`label="reports.present"`): not a text. */
const NOT_AN_ID = String.raw`:not([value=/^[a-z][a-z-]*(\.[A-Za-z0-9]+)+$/])`;
const UI_TEXT_MESSAGE = 'Literal UI text: add it to the area\'s catalogue and show it with t(\'<area>.<id>\') (docs/TRANSLATION.md).';
/** Where a string is shown as it is: braces among an element's children or in a text attribute, or a
 * branch of a condition in them (`{busy ? 'Saving' : label}`). */
const SHOWN_VALUE = [`:matches(JSXElement, JSXFragment) > JSXExpressionContainer`, `${TEXT_ATTRIBUTE} > JSXExpressionContainer`]
  .flatMap((braces) => [braces, `${braces} > :matches(ConditionalExpression, LogicalExpression)`]);
const LITERAL_UI_TEXT = [
  `JSXText[value=${HAS_LETTER}]`,
  `${TEXT_ATTRIBUTE} > Literal[value=${HAS_LETTER}]${NOT_AN_ID}`,
  ...SHOWN_VALUE.flatMap((value) => [
    `${value} > Literal[value=${HAS_LETTER}]${NOT_AN_ID}`,
    `${value} > TemplateLiteral > TemplateElement[value.raw=${HAS_LETTER}]`,
  ]),
].map((selector) => ({ selector, message: UI_TEXT_MESSAGE }));

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
    plugins: { 'import-x': importX, local: { rules: { 'type-errors': typeErrors } } },
    settings: {
      // import-x resolves an import as TypeScript does (no-restricted-paths, no-duplicates).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({
        project: ['tsconfig.json', 'tests/tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true,
      })],
    },
    rules: {
      // TypeScript's own errors, from the program the typed rules use (npm test's type check).
      'local/type-errors': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none',
      }],
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
  // (c) The core is a leaf, one block per folder depth (server/core/pdf/ is one deeper).
  ...CORE_DEPTHS.map((depth) => ({
    files: [`server/core/${'*/'.repeat(depth)}*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports(
        { regex: outsideCoreLeaf(depth), message: CORE_IS_A_LEAF },
        { regex: TRPC, message: 'server/core/ knows nothing of tRPC: the tRPC side lives in server/trpc/.' },
      ),
    },
  })),
  // (b) A module reaches another module through that module's index.ts, never its queries or
  // services, and only its router.ts reaches server/trpc/. One pair of blocks per depth, since the
  // way up to server/modules/ is one `../` longer for each folder.
  ...MODULE_DEPTHS.flatMap((depth) => {
    const files = `server/modules/${'*/'.repeat(depth + 1)}`;
    const boundaries = [
      { regex: otherModuleInternals(depth), message: 'Import another module through its index.ts (its public surface).' },
      { regex: MODULE_INTERNALS, message: THROUGH_INDEX },
    ];
    return [
      {
        files: [`${files}*.ts`],
        ignores: ['**/router.ts'],
        rules: { '@typescript-eslint/no-restricted-imports': restrictedImports(...boundaries, TRPC_IN_ROUTERS_ONLY) },
      },
      {
        files: [`${files}router.ts`],
        rules: { '@typescript-eslint/no-restricted-imports': restrictedImports(...boundaries) },
      },
    ];
  }),
  {
    // (g) Only the doors (and the database that implements them) open a tenant transaction.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/doors/**', 'server/db/**', 'server/modules/demo/seed.ts', 'scripts/bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...OPENS_A_TENANT_TRANSACTION] },
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
    // (f) No UI text written in the converted church screens' JSX.
    files: TRANSLATED_CLIENT_CODE,
    ignores: [`${FEATURES_DIR}/admin/**`],
    rules: { 'no-restricted-syntax': ['error', ...LITERAL_UI_TEXT] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { 'local/type-errors': 'off' },
  },
  {
    // autocannon loads its per-connection set-up as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
