import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_SERVER_RIBBON } from '../common/constants.js';

type Encoding = 'br' | 'gzip' | 'identity';

/** The ribbon's element: outside #root, so React never replaces it and every screen has it from
 * the first paint (its style is in client/index.html, keyed on `html[data-demo]`). */
const RIBBON = `<div class="demo-ribbon" role="note">${DEMO_SERVER_RIBBON}</div>`;

/** The built page with what this server says of itself: on a demo server, `data-demo` on <html>
 * and the ribbon as the body's first element. */
function pageFor(builtHtml: string, { demo }: { demo: boolean }): string {
  if (!demo) return builtHtml;
  const html = builtHtml.replace(/<html(?=[\s>])/, '<html data-demo').replace(/<body>/, `<body>${RIBBON}`);
  if (!html.includes('data-demo') || !html.includes(RIBBON)) throw new Error('client/dist/index.html has no <html> or <body> tag to mark the demo server in');
  return html;
}

/** What the browser accepts, best first: brotli, then gzip, then the plain page. */
function chosenEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map((acceptEncoding ?? '').split(',').map((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return [name, q ? Number(q.slice(2)) : 1] as const;
  }));
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

/**
 * The single page every client route loads, read and compressed once at start (a demo server's page
 * differs from the built file, so the build's .br/.gz copies cannot be sent). Never cached without
 * asking (`no-cache`), revalidated by its ETag, so a returning browser gets a 304.
 */
export function loadClientPage(clientDir: string, options: { demo: boolean }) {
  const html = Buffer.from(pageFor(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), options));
  const bodies: Record<Encoding, Buffer> = {
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip: gzipSync(html, { level: 9 }),
    identity: html,
  };
  // Weak: the three encodings are the same page.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return function sendClientPage(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
    const known = req.headers['if-none-match'];
    if (known && known.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2))) return reply.code(304).send();
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(bodies[encoding]);
  };
}
