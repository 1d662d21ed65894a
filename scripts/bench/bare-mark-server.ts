/**
 * The app's marking path without the web framework, for the issue 3 benchmark: node:http straight
 * into the same tenant door, session check and mark service the REST route reaches through
 * Fastify, tRPC and zod. The gap between it and the REST route is what those layers cost; the gap
 * between it and pgbench is what a Node process and its driver cost. Benchmark only: it trusts its
 * input and answers nothing but marks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../server/config.js';
import type { Database } from '../../server/db/index.js';
import { authenticateChurchSession } from '../../server/modules/auth/session.js';
import { markAttendance } from '../../server/modules/attendance/service.js';

export async function startBareMarkServer(db: Database, config: Config, churchIds: Map<string, string>) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void (async () => {
      try {
        const churchId = churchIds.get(String(req.headers['x-church-code']))!;
        const token = String(req.headers.authorization).slice('Bearer '.length);
        const data = await db.withTenant(churchId, async (tx) => {
          const auth = await authenticateChurchSession(tx, churchId, token, config);
          if (!auth) throw new Error('not signed in');
          return markAttendance({ tx, user: auth.user, church: auth.church, afterCommit: () => undefined }, JSON.parse(Buffer.concat(chunks).toString()));
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data }));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: String(error) }));
      }
    })());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
