import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, validated once at start. Documented in .env.example. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where users reach the app; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  PGLITE_DATA_DIR: z.string().default('./data/pglite'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(24 * 7),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_LOCK_MINUTES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),

  DEMO_SEED: bool.default(true),
  DEMO_PASSWORD: z.string().min(8).default('demo-password-123'),
  PLATFORM_ADMIN_EMAIL: z.string().optional().transform((v) => (v ? v : undefined)),
  PLATFORM_ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined)),

  CLIENT_DIST_DIR: z.string().default('./client/dist'),
});

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
}
