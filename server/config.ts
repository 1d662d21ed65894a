import path from 'node:path';
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

/**
 * The most a set of trusted proxy ranges may cover together, counted as Fastify matches a client
 * (an IPv4 client against an IPv6 range as ::ffff:a.b.c.d): four IPv4 /8s (1/64 of the IPv4
 * space; the private ranges 10/8, 172.16/12, 192.168/16 and 100.64/10 together are well under it)
 * and four IPv6 /32s. Each range alone may be a /8 or a /32, but 256 /8s add up to every address.
 * The named ranges (loopback, linklocal, uniquelocal) are not counted: no client on the Internet
 * connects from them.
 */
const MAX_TRUSTED_IPV4 = 4n * 2n ** 24n;
const MAX_TRUSTED_IPV6 = 4n * 2n ** 96n;
const MAPPED_IPV4_START = 0xffffn << 32n;
const MAPPED_IPV4_END = MAPPED_IPV4_START + 2n ** 32n;

/** A range as [first, last + 1) in the 128-bit space, an IPv4 range as its IPv4-mapped IPv6 one. */
function rangeOf(address: string, prefix: number): [bigint, bigint] {
  const parsed = ipaddr.parse(address);
  const ipv4 = parsed.kind() === 'ipv4';
  const bytes = (ipv4 ? (parsed as ipaddr.IPv4).toIPv4MappedAddress() : parsed as ipaddr.IPv6).toByteArray();
  const value = bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
  const size = 2n ** BigInt(128 - (ipv4 ? prefix + 96 : prefix));
  const first = value - (value % size);
  return [first, first + size];
}

/** How many IPv4 and (other) IPv6 addresses the union of `ranges` covers. */
function coverage(ranges: Array<[bigint, bigint]>): { ipv4: bigint; ipv6: bigint } {
  const merged: Array<[bigint, bigint]> = [];
  for (const [first, end] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const last = merged.at(-1);
    if (last && first <= last[1]) last[1] = end > last[1] ? end : last[1];
    else merged.push([first, end]);
  }
  let ipv4 = 0n;
  let total = 0n;
  for (const [first, end] of merged) {
    total += end - first;
    const from = first > MAPPED_IPV4_START ? first : MAPPED_IPV4_START;
    const to = end < MAPPED_IPV4_END ? end : MAPPED_IPV4_END;
    if (to > from) ipv4 += to - from;
  }
  return { ipv4, ipv6: total - ipv4 };
}

/** A share of a space as a percentage for a message: "100 %", "0.39 %". */
const percentOf = (count: bigint, space: bigint) => `${Number((count * 10_000n) / space) / 100} %`;

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
   * an IPv6 /32; ranges that together cover more than four /8s of IPv4 or four /32s of IPv6, such
   * as 256 /8s; a hop count over 10): a client could then claim any address and walk past the
   * per-address limits. */
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
    const ranges: Array<[bigint, bigint]> = [];
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
      ranges.push(rangeOf(address, prefix));
    }
    const covered = coverage(ranges);
    if (covered.ipv4 > MAX_TRUSTED_IPV4) {
      return refuse(`the ranges together cover ${percentOf(covered.ipv4, 2n ** 32n)} of all IPv4 addresses (IPv6 ranges count by their `
        + `IPv4-mapped part, ::ffff:0:0/96); at most four /8s may be trusted: list the proxies' own addresses`);
    }
    if (covered.ipv6 > MAX_TRUSTED_IPV6) {
      return refuse(`the ranges together cover more than four IPv6 /32s; list the proxies' own addresses`);
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
  /** Wrong second-factor codes in a row (counted in the database, across processes) after which an
   * operator's authenticator codes are refused until a recovery code passes or `npm run
   * admin:create` resets the operator; the operator is mailed and the lock audited. */
  OPERATOR_MAX_FAILED_CODES: z.coerce.number().int().min(1).max(100).default(10),
  /** Node's limits for receiving a request (headers and body) and for an idle keep-alive socket. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The same for the body of a gallery upload (a 50 MB video over a slow phone connection). */
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(900),
  /** Sign-in limits (server/modules/credentials/throttle.ts): per account from one address, per account
   * from anywhere (an hour), per address across accounts. */
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_LOCK_MINUTES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(50),
  /** Once an account is over the hourly limit: failures more an hour from addresses that have not
   * failed against it (each may try until it fails), so its owner is not locked out; 0: none. */
  LOGIN_MAX_CLEAN_SOURCE_FAILURES_PER_HOUR: z.coerce.number().int().min(0).default(50),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Forgot-password: requests per address in 15 minutes (then 429), and per email address in an
   * hour (beyond it the answer is the same but no mail goes out). */
  RESET_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  /** Reset-password: new passwords set with a mailed link, per address in 15 minutes (then 429). */
  RESET_PASSWORD_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Public consent page: opens and answers of consent links per address in 15 minutes (then 429). */
  CONSENT_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Public privacy notice (/api/churches/{code}/privacy-notice): unknown church codes per address
   * in 15 minutes (then 429 for any code); known codes are not counted. */
  PRIVACY_NOTICE_MAX_UNKNOWN_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Public certificate verification (/api/certificates/verify/{code}): unknown codes per address in
   * 15 minutes (then 429 for any code); codes of certificates are not counted. */
  CERTIFICATE_VERIFY_MAX_UNKNOWN_PER_IP: z.coerce.number().int().min(1).default(20),
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
  /** The key that signs every backup's manifest (HMAC-SHA256): a restore refuses an archive whose
   * signature does not verify with it, so keep it apart from the archives. Unset: drawn once into
   * KEYS_DIR/backup-signing.key (server/secret-keys.ts). */
  BACKUP_SIGNING_KEY: optionalText.pipe(z.string().min(32, 'BACKUP_SIGNING_KEY must be at least 32 characters').optional()),
  /** The key that encrypts operators' TOTP seeds at rest (AES-256-GCM). Unset: drawn once into
   * KEYS_DIR/totp-seed.key. The same on every server of one database. */
  TOTP_SEED_KEY: optionalText.pipe(z.string().min(32, 'TOTP_SEED_KEY must be at least 32 characters').optional()),
  /** Where the keys above are drawn and kept when their variables are unset (mode 0700, each file
   * 0600); never inside PGLITE_DATA_DIR, UPLOADS_DIR or BACKUP_DIR. */
  KEYS_DIR: z.string().default('./data/keys'),
  /** How long the offline-sync ledger keeps a batch's id and answer (then the nightly prune
   * deletes it). Longer than the 14 days a mark can be made for, so a batch replayed after its row
   * is gone has only marks too old to apply. */
  SYNC_LEDGER_RETENTION_DAYS: z.coerce.number().int().min(15).max(3650).default(30),
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
  if (parsed.success) {
    const keys = path.resolve(parsed.data.KEYS_DIR);
    const inside = (folder: string) => keys === path.resolve(folder) || keys.startsWith(`${path.resolve(folder)}${path.sep}`);
    const holders = [['PGLITE_DATA_DIR', parsed.data.PGLITE_DATA_DIR], ['BACKUP_DIR', parsed.data.BACKUP_DIR], ['UPLOADS_DIR', parsed.data.UPLOADS_DIR]] as const;
    for (const [name, folder] of holders) {
      if (inside(folder)) problems.push(`  KEYS_DIR: must not be inside ${name} (${folder}): a copy of it would carry the keys`);
    }
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
