import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of every answer (helmet's), as a fixed list of names and values. None of
 * them depends on the request (no CSP nonce), so helmet's middleware runs once, here, against a
 * recording response, and each request only copies the list into the reply's headers: no policy
 * work and no per-header setHeader on the raw response per request.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Razorpay's card checkout: its script, loaded when a card payment starts, and its frame.
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js and Workbox's runtime it imports) and the web app manifest, both
        // from this origin (default-src would allow them too; named so that a change there cannot
        // silently drop the installable app).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    done = true;
  });
  // A helmet that worked asynchronously or per request would not be captured whole: refuse to start.
  if (!done || !headers['content-security-policy']) throw new Error('helmet did not set its headers at once');
  return Object.freeze(headers);
}
