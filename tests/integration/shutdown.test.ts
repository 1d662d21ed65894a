import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app.js';

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    const app = await startTestApp();
    const { port } = new URL(app.url);
    const body = JSON.stringify({ email: 'nobody@example.org' });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => { answer += chunk.toString(); });
    const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    // The request line and headers arrive; the body is still on its way when shutdown begins.
    const headersSeen = new Promise<void>((resolve) => app.server.server.once('request', () => resolve()));
    socket.write(`POST /api/auth/forgot-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    await headersSeen;
    const closing = app.server.close();

    // A new request is not served: refused, or 503 while the listener is being closed.
    const late = await fetch(`${app.url}/api/health`).then((res) => res.status, () => 'refused');
    expect(['refused', 503]).toContain(late);
    socket.write(body);
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"message":"Password reset link sent to your email."');
    await closing;
    await app.db.close();
  });
});
