import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the test SMTP server, parsed by mailparser. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

const addressesOf = (field: ParsedMail['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));

/**
 * A real SMTP server in the test process (plain SMTP on 127.0.0.1, no auth, no STARTTLS), keeping
 * what it receives. `refuseNext(n)` answers the next n messages with a temporary failure (451), as
 * a server in trouble does, to show the sender tries again.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusals = 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts++;
        if (refusals > 0) {
          refusals--;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          received.push({
            to: addressesOf(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            raw: raw.toString('utf8'),
          });
          for (const wake of [...waiters]) wake();
          callback();
        }, (error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits until a mail matching `match` has arrived (checking what came before too). */
  function waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => { check(); };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`));
      }, timeoutMs);
      if (!check()) waiters.add(wake);
    });
  }

  return {
    /** SMTP_URL for the app under test. */
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages offered, refused ones included. */
    attempts: () => attempts,
    refuseNext(count: number) { refusals = count; },
    waitFor,
    /** Mails to one address. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** An SMTP_URL where nothing listens: a port that was free a moment ago. */
export async function deadSmtpUrl() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** The reset link in a mail's text, and its token. */
export function resetLinkIn(mail: ReceivedMail) {
  const link = /https?:\/\/\S+\/reset-password\/([\w-]+)/.exec(mail.text);
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return { link: link[0], token: link[1] };
}
