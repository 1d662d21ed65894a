import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './rest/envelope.js';
import { ERROR_MESSAGES } from './core/errors.js';

/**
 * A request Node's HTTP parser refuses before Fastify sees it (an address or headers over 16 KB, a
 * malformed request line, headers sent too slowly) is answered in the same envelope as every other
 * error, and the connection is then closed, as Node itself does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, ERROR_MESSAGES.timeout]
    : error.code === 'HPE_HEADER_OVERFLOW' ? [431, ERROR_MESSAGES.headersTooLarge]
      : [400, ERROR_MESSAGES.invalidRequest];
  const body = JSON.stringify(errorBody({ status, message, internal: false }));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
