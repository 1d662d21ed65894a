import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const project = new ESLint({ cwd: ROOT });

/**
 * What eslint.config.js says of `code` in a file at `file` (relative to the repository), for one
 * rule: the rule as the config sets it for that path, run alone (the project's type-aware parsing
 * only knows files on disk, and these probes are not).
 */
async function errorsOf(ruleId: string, code: string, file: string) {
  const filePath = path.join(ROOT, file);
  const rule = (await project.calculateConfigForFile(filePath) as { rules?: Linter.RulesRecord }).rules?.[ruleId];
  if (!rule) return [];
  const alone = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
      rules: { [ruleId]: rule },
    },
  });
  const [result] = await alone.lintText(code, { filePath });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.map((message) => message.message);
}

const OPENS_TENANT = [
  "import type { Database } from '../../db/index.js';",
  "export const count = (db: Database, churchId: string) => db.withTenant(churchId, async (tx) => tx);",
  'export function opener(db: Database) {',
  '  const { withTenant } = db;',
  '  return withTenant;',
  '}',
  '',
].join('\n');

describe('the rule that only the doors open a tenant transaction', { timeout: 30_000 }, () => {
  it('refuses a module that calls withTenant or takes it from the database, pointing to server/doors/', async () => {
    const errors = await errorsOf('no-restricted-syntax', OPENS_TENANT, 'server/modules/digest/probe.ts');
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toContain('server/doors/');
  });

  it('refuses it elsewhere in the server and in the scripts', async () => {
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'server/jobs-probe.ts')).toHaveLength(2);
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'scripts/probe.ts')).toHaveLength(2);
  });

  it('allows the same in server/doors/ and server/db/, and in the exceptions it names', async () => {
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'server/doors/probe.ts')).toEqual([]);
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'server/db/probe.ts')).toEqual([]);
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'server/modules/demo/seed.ts')).toEqual([]);
    expect(await errorsOf('no-restricted-syntax', OPENS_TENANT, 'scripts/bench/probe.ts')).toEqual([]);
  });

  it('leaves platform transactions to the modules', async () => {
    const platform = "import type { Database } from '../../db/index.js';\nexport const plans = (db: Database) => db.withPlatform(async (tx) => tx);\n";
    expect(await errorsOf('no-restricted-syntax', platform, 'server/modules/subscription/probe.ts')).toEqual([]);
  });
});

describe('the rule that server/core/ is a leaf', { timeout: 30_000 }, () => {
  const rule = '@typescript-eslint/no-restricted-imports';

  it('refuses a module, a door, tRPC or the REST adapter, type imports too', async () => {
    const errors = await errorsOf(rule, [
      "import type { ChurchDirectory } from '../modules/churches/index.js';",
      "import { enterChurch } from '../doors/church.js';",
      "import type { Context } from '../trpc/context.js';",
      "import { errorBody } from '../rest/envelope.js';",
      'export type Probe = [ChurchDirectory, typeof enterChurch, Context, typeof errorBody];',
      '',
    ].join('\n'), 'server/core/probe.ts');
    // Each of the four as outside the leaf (tRPC's also as tRPC).
    expect(errors.filter((error) => error.includes('server/core/ is a leaf'))).toHaveLength(4);
  });

  it('refuses them one folder down as well', async () => {
    expect(await errorsOf(rule, "import { enterChurch } from '../../doors/church.js';\nexport const probe = enterChurch;\n", 'server/core/pdf/probe.ts'))
      .toHaveLength(1);
  });

  it('allows the database, the configuration, the background runner, common/ and the schema', async () => {
    expect(await errorsOf(rule, [
      "import type { Tx } from '../db/index.js';",
      "import type { Config } from '../config.js';",
      "import type { BackgroundTasks } from '../background-tasks.js';",
      "import { MESSAGES } from '../../common/constants.js';",
      "import { users } from '../../drizzle/schema/index.js';",
      "import { woffToSfnt } from './pdf/woff.js';",
      'export type Probe = [Tx, Config, BackgroundTasks, typeof MESSAGES, typeof users, typeof woffToSfnt];',
      '',
    ].join('\n'), 'server/core/probe.ts')).toEqual([]);
  });
});
