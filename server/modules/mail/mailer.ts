import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { BackgroundTasks } from '../../background-tasks.js';
import type { Config } from '../../config.js';
import type { MailMessage } from './messages.js';

type MailConfig = Pick<Config,
  | 'NODE_ENV' | 'SMTP_URL' | 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'SMTP_SECURE'
  | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR' | 'MAIL_SEND_ATTEMPTS' | 'MAIL_RETRY_DELAY_MS'>;

/** Each wait before a further try is this many times the one before. */
const BACKOFF_FACTOR = 4;
/** Mail is sent after the answer, but a dead server must not hold a send (or shutdown) for minutes:
 * nodemailer's own defaults are 2 minutes to connect and 10 of silence. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface Mailer {
  /** `smtp` when SMTP is configured, otherwise every message goes to the outbox folder. */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Sends a message after the caller's work, never failing or delaying it: the send runs as
   * background work, a failure is tried again with growing waits, and what is logged names the
   * kind of message only, never its recipient's link or token.
   */
  send(message: MailMessage, log: FastifyBaseLogger): void;
  /**
   * Sends a message now, once, and fails if it could not be sent: for a job, whose queue tries
   * it again (the weekly digest), never for a request.
   */
  sendNow(message: MailMessage, log: FastifyBaseLogger): Promise<void>;
  /** Shutdown, first step: waits between tries end now; each message still pending gets one last try. */
  stopRetrying(): void;
  /** Shutdown, last step (after the background work is done): closes the SMTP connections. */
  close(): void;
}

/** The parts of a send error worth logging, with the message's own recipient and link taken out of
 * the text (an SMTP refusal may quote the recipient). */
function describeSendError(error: unknown, message: MailMessage) {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown; message?: unknown };
  let reason = typeof e.message === 'string' ? e.message : String(error);
  for (const secret of [message.link, message.to]) {
    if (secret) reason = reason.split(secret).join('[redacted]');
  }
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
    reason: reason.slice(0, 300),
  };
}

function smtpTransport(config: MailConfig) {
  if (config.SMTP_URL) return createTransport({ url: config.SMTP_URL, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS });
  if (!config.SMTP_HOST) return undefined;
  const secure = config.SMTP_SECURE ?? config.SMTP_PORT === 465;
  return createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } : undefined,
    pool: true,
    maxConnections: 2,
    ...SMTP_TIMEOUTS,
  });
}

/** Built once per server (services.ts): SMTP when configured, otherwise the outbox folder. */
export function createMailer(config: MailConfig, background: BackgroundTasks): Mailer {
  const smtp = smtpTransport(config);
  // Without SMTP, nodemailer still builds the whole message (headers, both parts, encodings); the
  // stream transport hands it back as bytes, which are written as a .eml file anyone can open.
  const outbox = smtp ? undefined : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const wakers = new Set<() => void>();
  let stopped = false;

  const pause = (ms: number) => new Promise<void>((resolve) => {
    if (stopped) return resolve();
    const wake = () => {
      clearTimeout(timer);
      wakers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers.add(wake);
  });

  async function transmit(message: MailMessage, log: FastifyBaseLogger) {
    const envelope = { from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html };
    if (smtp) {
      await smtp.sendMail(envelope);
      log.info({ mail: message.kind }, 'mail sent');
      return;
    }
    const built = await outbox!.sendMail(envelope);
    // Reset links are in these files: readable by the server's user only.
    await mkdir(config.MAIL_OUTBOX_DIR, { recursive: true, mode: 0o700 });
    const file = path.resolve(config.MAIL_OUTBOX_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.kind}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    // A developer follows the link from the log; anywhere else links and tokens are never logged.
    if (config.NODE_ENV === 'development') {
      log.info({ mail: message.kind }, `mail written to the outbox: ${file}${message.link ? ` (link: ${message.link})` : ''}`);
    } else {
      log.info({ mail: message.kind }, 'mail written to the outbox');
    }
  }

  async function deliver(message: MailMessage, log: FastifyBaseLogger) {
    for (let attempt = 1; ; attempt++) {
      try {
        await transmit(message, log);
        return;
      } catch (error) {
        const last = attempt >= config.MAIL_SEND_ATTEMPTS || stopped;
        const fields = { mail: message.kind, attempt, error: describeSendError(error, message) };
        if (last) {
          log.error(fields, 'mail not sent: giving up');
          return;
        }
        log.warn(fields, 'mail not sent: trying again');
        await pause(config.MAIL_RETRY_DELAY_MS * BACKOFF_FACTOR ** (attempt - 1));
      }
    }
  }

  return {
    mode: smtp ? 'smtp' : 'outbox',
    send(message, log) {
      background.run(`mail ${message.kind}`, log, () => deliver(message, log));
    },
    async sendNow(message, log) {
      try {
        await transmit(message, log);
      } catch (error) {
        const reason = describeSendError(error, message);
        log.warn({ mail: message.kind, error: reason }, 'mail not sent: its job will try again');
        // The job queue keeps a failed job's error in the database: the redacted reason goes with
        // it, never the SMTP error itself (which may quote the recipient).
        // eslint-disable-next-line preserve-caught-error -- the cause is the redacted reason on purpose
        throw new Error(`mail ${message.kind} not sent`, { cause: reason });
      }
    },
    stopRetrying() {
      stopped = true;
      for (const wake of [...wakers]) wake();
    },
    close() {
      smtp?.close();
    },
  };
}
