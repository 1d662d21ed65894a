import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** Named ranges Fastify's trustProxy understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/**
 * The widest proxy range accepted: no proxy fleet spans more than an IPv4 /8 or an IPv6 /32, and
 * two ranges a bit narrower than /0 (0.0.0.0/1 and 128.0.0.0/1) trust everyone as surely as /0.
 * An IPv4-mapped IPv6 range (::ffff:a.b.c.d/n) is an IPv4 range of n - 96 bits, as Fastify reads it.
 */
function widestProxyPrefix(address: string, bits: number): number {
  if (bits === 32) return 8;
  return ipaddr.IPv6.parse(address).isIPv4MappedAddress() ? 96 + 8 : 32;
}

const optionalText = z.string().optional().transform((v) => (v ? v : undefined));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, validated once at start. Documented in .env.example. */
const configSchema = z.object({
  /** Production unless told otherwise: `npm start` is what a church runs. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where users reach the app; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Behind reverse proxies: how many hops (a number) or which proxies (addresses or CIDRs, comma
   * separated, or loopback / linklocal / uniquelocal) to trust for X-Forwarded-For. "true" (trust
   * anything) is refused, and so is anything that amounts to it (a range wider than an IPv4 /8 or
   * an IPv6 /32, a few of which add up to /0; a hop count over 10): a client could then claim any
   * address and walk past the per-address limits. */
  TRUST_PROXY: z.string().optional().transform((value, ctx) => {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '' || text === 'false' || text === '0') return false;
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      return hops <= MAX_PROXY_HOPS ? hops : refuse(`a hop count is at most ${MAX_PROXY_HOPS}; ${hops} would trust any address a client claims`);
    }
    if (text === 'true' || text === '*') return refuse('use a hop count (e.g. 1) or the proxies\' addresses, not "true" (trust everything)');
    const proxies = text.split(',').map((part) => part.trim()).filter(Boolean);
    for (const proxy of proxies) {
      if (PROXY_RANGE_NAMES.has(proxy)) continue;
      const [address, range, ...rest] = proxy.split('/');
      const bits = ipaddr.isValid(address) ? (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128) : 0;
      // A range is a prefix length or, for IPv4, a netmask (255.255.0.0).
      const prefix = range === undefined ? bits
        : /^\d+$/.test(range) ? Number(range)
          : bits === 32 && ipaddr.IPv4.isValidFourPartDecimal(range) ? ipaddr.IPv4.parse(range).prefixLengthFromSubnetMask() : null;
      if (!bits || rest.length || prefix === null || prefix > bits) return refuse(`"${proxy}" is not an address, a CIDR range or loopback/linklocal/uniquelocal`);
      if (prefix === 0) return refuse(`"${proxy}" would trust every address (use the proxies' own addresses)`);
      if (prefix < widestProxyPrefix(address, bits)) {
        return refuse(`"${proxy}" is too wide: a few such ranges add up to every address (IPv4 ranges are /8 or narrower, IPv6 /32 or narrower)`);
      }
    }
    return proxies;
  }),
  /** Prometheus metrics at GET /metrics, for a scraper that sends `Authorization: Bearer <this>`;
   * unset, /metrics answers 404. Each process of the cluster has its own (README, "Metrics"). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  /** A PostgreSQL server, as the owner of the schema: migrations at start and provisioning of the
   * runtime logins (unless the two URLs below are given). Without it: the embedded PGlite. */
  DATABASE_URL: optionalText,
  /** Production: the logins of the tenant and the platform door (see docs/ARCHITECTURE.md). When
   * both are set the server connects only with them, and migrates only if DATABASE_URL is set too. */
  DATABASE_TENANT_URL: optionalText,
  DATABASE_PLATFORM_URL: optionalText,
  PGLITE_DATA_DIR: z.string().default('./data/pglite'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How the doors set the church and role of their transaction: `set_config` (one SELECT of
   * set_config(..., true)) or `set_local` (SET LOCAL statements, which Citus propagates to its
   * worker nodes; see docs/SCALING.md). Either ends with the transaction and is sent with BEGIN. */
  TENANT_SESSION_SETUP: z.enum(['set_config', 'set_local']).default('set_config'),

  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(24 * 7),
  /** However active, a session ends this long after sign-in. */
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(24 * 30),
  /** An operator's session ends after this long without a request (the console's is short). */
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** However active, an operator's session ends this long after sign-in. */
  OPERATOR_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  /** Node's limits for receiving a request (headers and body) and for an idle keep-alive socket. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The same for the body of a gallery upload (a 50 MB video over a slow phone connection). */
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(900),
  /** Sign-in limits (server/modules/auth/throttle.ts): per account from one address, per account
   * from anywhere (an hour), per address across accounts. */
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_LOCK_MINUTES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Forgot-password: requests per address in 15 minutes (then 429), and per email address in an
   * hour (beyond it the answer is the same but no mail goes out). */
  RESET_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  /** Reset-password: new passwords set with a mailed link, per address in 15 minutes (then 429). */
  RESET_PASSWORD_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Public consent page: opens and answers of consent links per address in 15 minutes (then 429). */
  CONSENT_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Outgoing mail (server/modules/mail). SMTP_URL (smtp:// or smtps://user:password@host:port), or
   * SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASSWORD and SMTP_SECURE (TLS from the start; on by
   * default for port 465, otherwise STARTTLS when the server offers it). Without either, each
   * message is written as an .eml file to MAIL_OUTBOX_DIR. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_SECURE: bool.optional(),
  /** The From of every mail; default "Sunday School <no-reply@host of PUBLIC_URL>". */
  MAIL_FROM: optionalText,
  MAIL_OUTBOX_DIR: z.string().default('./data/outbox'),
  /** A failed send is tried again this many times in all, waiting MAIL_RETRY_DELAY_MS, then four
   * times as long before each further try. */
  MAIL_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),

  /** The job queue (pg-boss on the database: the weekly digest): started by each serving process.
   * Default: on, except with NODE_ENV=test (a test asks for it). */
  JOBS: bool.optional(),
  /** The instant the scheduled jobs take as "now" (ISO 8601), instead of the clock: for tests that
   * run several processes at a chosen Monday. Refused in production. */
  JOBS_FIXED_CLOCK: optionalText.pipe(z.string().datetime({ offset: true }).optional()),
  /** The nightly backup (server/modules/backup, README "Backups"): one archive of the database and
   * the uploaded files into BACKUP_DIR at BACKUP_CRON (UTC; default 02:00 in India), the newest
   * BACKUP_KEEP kept. Default: on for the embedded database (not under NODE_ENV=test), off on
   * PostgreSQL, whose operators usually have backups of their own; it needs the job queue (JOBS). */
  BACKUP: bool.optional(),
  BACKUP_DIR: z.string().default('./data/backups'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_CRON: z.string().regex(/^\S+( \S+){4}$/, 'BACKUP_CRON is a cron expression of five fields').default('30 20 * * *'),
  /** The folder of pg_dump and pg_restore (PostgreSQL backups); unset: found on the PATH. */
  PG_BIN_DIR: z.string().default(''),
  /** Sign-in and registration with Google (OpenID Connect, authorization code with PKCE), from a
   * Google Cloud OAuth client of type "Web application" whose redirect URI is
   * ${PUBLIC_URL}/auth/google/callback. Without the id and secret the Google buttons say that an
   * administrator must configure it. The endpoints and issuer default to Google's; tests point them
   * at a local fake provider. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  /** Razorpay: with a key id and secret, real orders through the razorpay SDK; without them the
   * offline test gateway (test mode). RAZORPAY_API_URL re-points the SDK (tests use a local fake). */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  /** The platform's UPI ID and name, for UPI payments (a QR code and the ID to type); no UPI without them. */
  UPI_VPA: z.string().regex(/^[\w.-]+@[\w.-]+$/, 'UPI_VPA must look like name@bank').optional(),
  UPI_PAYEE_NAME: z.string().default('Sunday School'),
  /** The offline test gateway when no Razorpay keys are set. Unset: on only on a demo server on the
   * embedded database (DEMO); on PostgreSQL only with "true", whatever NODE_ENV says, since it lets
   * any church activate a paid plan without paying. */
  PAYMENT_TEST_GATEWAY: z.enum(['true', 'false']).optional(),
  /** How long the payment token of a paid registration lets its browser pay, in minutes. */
  PAYMENT_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(120),
  /** Google sign-in or registration flows one address may start in 15 minutes (then 429). */
  GOOGLE_START_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Church registrations per address in an hour (then 429). */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  /** Most windows the in-memory limits keep (least recently used dropped first). */
  THROTTLE_MAX_KEYS: z.coerce.number().int().min(1000).default(500_000),
  /** Redis (redis:// or rediss://): when set, every limit and the used Google states are kept there,
   * shared by all server processes; without it, in this process's memory. While it is unreachable,
   * sign-in, registration and password resets answer 503 (they are never let past their limits);
   * everything else keeps working. REDIS_KEY_PREFIX keeps several apps (or test runs) apart. */
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional()),
  REDIS_KEY_PREFIX: z.string().min(1).default('ss:'),
  /** Server processes (node:cluster): a number, or "auto" for one per core. Default 1. More than 1
   * needs PostgreSQL (the embedded database has one owner) and REDIS_URL (shared limits). */
  WEB_CONCURRENCY: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(256)]).default(1),

  /** Gallery files (server/modules/media-storage): in an S3-compatible bucket when S3_BUCKET is
   * set, otherwise in the folder UPLOADS_DIR. S3_ENDPOINT names a service other than AWS (MinIO,
   * R2, ...), which usually also needs S3_FORCE_PATH_STYLE=true (bucket in the path, not the host
   * name). Without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY the AWS SDK's default credentials
   * (environment, instance role) are used. */
  UPLOADS_DIR: z.string().default('./data/uploads'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Key of the signed addresses of gallery files (an <img> cannot send the bearer token). Without
   * it each process makes a random one at start: set the same value on every server behind one
   * address, or a link made by one is refused by the next. */
  MEDIA_URL_SECRET: optionalText.pipe(z.string().min(32, 'MEDIA_URL_SECRET must be at least 32 characters').optional()),
  /** How long a signed gallery address works, in minutes. */
  MEDIA_URL_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  /** Heavy jobs (photos decoded, spreadsheets read) run at once (server/core/work-queue.ts); 0: one
   * per core but one, at least one. MEDIA_IMAGE_MAX_WAITING more may wait; beyond that a 503. One
   * church holds at most WORK_JOBS_PER_CHURCH of them, running or waiting; beyond that a 429. */
  MEDIA_IMAGE_JOBS: z.coerce.number().int().min(0).max(64).default(0),
  MEDIA_IMAGE_MAX_WAITING: z.coerce.number().int().min(0).max(1000).default(8),
  WORK_JOBS_PER_CHURCH: z.coerce.number().int().min(1).max(100).default(2),
  /** Spreadsheets one church may send to the student import's preview per IMPORT_WINDOW_MINUTES (then 429, the file unread). */
  IMPORT_PREVIEWS_PER_CHURCH: z.coerce.number().int().min(1).default(30),
  IMPORT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
  /** Files one church may upload per MEDIA_UPLOAD_WINDOW_MINUTES (then 429, nothing stored). */
  MEDIA_UPLOADS_PER_CHURCH: z.coerce.number().int().min(1).default(100),
  MEDIA_UPLOAD_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),

  /** A demo server: the demo church, the offline test gateway (embedded database only), a banner at
   * start and a ribbon on every page. Default: on for the embedded database (the two-command
   * evaluation), off on PostgreSQL; DEMO=false makes a real deployment on the embedded database. */
  DEMO: bool.optional(),
  /** The demo church alone; default: DEMO. */
  DEMO_SEED: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('demo-password-123'),
  PLATFORM_ADMIN_EMAIL: z.string().optional().transform((v) => (v ? v : undefined)),
  PLATFORM_ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined)),

  CLIENT_DIST_DIR: z.string().default('./client/dist'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DEMO' | 'DEMO_SEED' | 'JOBS' | 'BACKUP'>
  & { PUBLIC_URL: string; DEMO: boolean; DEMO_SEED: boolean; MAIL_FROM: string; JOBS: boolean; BACKUP: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (parsed.success && Boolean(parsed.data.DATABASE_TENANT_URL) !== Boolean(parsed.data.DATABASE_PLATFORM_URL)) {
    problems.push('  DATABASE_TENANT_URL and DATABASE_PLATFORM_URL: set both or neither');
  }
  if (parsed.success && parsed.data.SMTP_URL && parsed.data.SMTP_HOST) {
    problems.push('  SMTP_URL and SMTP_HOST: set one or the other');
  }
  if (parsed.success && Boolean(parsed.data.SMTP_USER) !== Boolean(parsed.data.SMTP_PASSWORD)) {
    problems.push('  SMTP_USER and SMTP_PASSWORD: set both or neither');
  }
  if (parsed.success && Boolean(parsed.data.GOOGLE_CLIENT_ID) !== Boolean(parsed.data.GOOGLE_CLIENT_SECRET)) {
    problems.push('  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (parsed.success && Boolean(parsed.data.S3_ACCESS_KEY_ID) !== Boolean(parsed.data.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (parsed.success && parsed.data.JOBS_FIXED_CLOCK && parsed.data.NODE_ENV === 'production') {
    problems.push('  JOBS_FIXED_CLOCK: a fixed clock for the scheduled jobs is for tests; refused with NODE_ENV=production');
  }
  if (!parsed.success || problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const data = parsed.data;
  const onServer = Boolean(data.DATABASE_URL || data.DATABASE_TENANT_URL);
  const publicUrl = data.PUBLIC_URL ?? `http://localhost:${data.PORT}`;
  // Never a demo server on PostgreSQL unless asked: there it would be a real deployment's data.
  const demo = data.DEMO ?? !onServer;
  return {
    ...data,
    PUBLIC_URL: publicUrl,
    DEMO: demo,
    DEMO_SEED: data.DEMO_SEED ?? demo,
    MAIL_FROM: data.MAIL_FROM ?? `Sunday School <no-reply@${new URL(publicUrl).hostname}>`,
    JOBS: data.JOBS ?? data.NODE_ENV !== 'test',
    BACKUP: data.BACKUP ?? (!onServer && data.NODE_ENV !== 'test'),
  };
}
