import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import type { ManifestTransform, RuntimeCaching } from 'workbox-build';

/**
 * The installable app: the web app manifest and the service worker (vite-plugin-pwa's generateSW,
 * Workbox), registered by the page itself once it is idle (client/src/lib/service-worker.ts).
 *
 * What the worker keeps on the device:
 * - the precache, filled when it installs: every script, stylesheet and font of the build (their
 *   names carry a content hash), the icons, the manifest, and the page as the server sends it (see
 *   `pageAsServed`). Not the .br/.gz copies beside them: the browser asks for a file and the server
 *   picks its encoding;
 * - navigations: network first (a few seconds), else the last page the server sent, stored under
 *   one key since every client route is the same page; else the precached page;
 * - /assets/ files missing from the precache (a newer page's, fetched before its worker took over):
 *   cache first, since a hashed name never changes content.
 * Nothing else: /api and /trpc answers (church data) and every other request go to the network.
 */

/** The page's theme-color (client/index.html says the same; the build checks they agree): the
 * theme's primary colour, indigo shade 8 (client/src/app/theme.ts). */
const THEME_COLOR = '#3b5bdb';

const MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Sunday School',
  short_name: 'Sunday School',
  description: 'Sunday School management for churches',
  lang: 'en',
  theme_color: THEME_COLOR,
  // The loading screen's background (client/index.html), shown while the app starts.
  background_color: '#f8f9fa',
  display: 'standalone',
  start_url: '/',
  scope: '/',
  // Drawn by scripts/app-icons.ts.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Where the precache fetches the page. The server never sends the built index.html: it sends its
 * own copy of it at every client route (a demo server adds its ribbon, server/client-page.ts), so
 * the precache asks a route for it. A query nobody navigates to, so that the precache (which answers
 * the URLs it holds before any other route) never takes over a real navigation from the network.
 */
const PRECACHED_PAGE = '/?app-shell';

/** The built index.html becomes the page at PRECACHED_PAGE, keeping its revision (its content hash):
 * a new build fetches the page again. */
const pageAsServed: ManifestTransform = (entries) => {
  const page = entries.find((entry) => entry.url === 'index.html');
  if (!page) throw new Error('vite-pwa: index.html is not among the precached files');
  return { manifest: entries.map((entry) => (entry === page ? { ...entry, url: PRECACHED_PAGE } : entry)) };
};

/**
 * The worker's routes beyond the precache. Workbox writes these functions' source into sw.js, so
 * they name no outside variable: their literals are the rules.
 */
const RUNTIME_CACHING: RuntimeCaching[] = [
  {
    // A page load: any address but the server's own paths (the API, tRPC, the hashed files).
    // Keep in step with isApiPath in server/app.ts.
    urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api(\/|$)|trpc|assets\/)/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'pages',
      networkTimeoutSeconds: 3,
      plugins: [{
        // Every client route is the same page: one copy, whichever address brought it, opens any route.
        cacheKeyWillBeUsed: async () => '/',
        // Only a page is kept (not a file someone opened at its address, nor an error).
        cacheWillUpdate: async ({ response }) =>
          (response.status === 200 && response.headers.get('content-type')?.startsWith('text/html') ? response : null),
      }],
      // Before any page load went through the worker (the first visit's came before it), the precached page.
      precacheFallback: { fallbackURL: PRECACHED_PAGE },
    },
  },
  {
    urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'assets',
      // Older releases' files are dropped once this many are kept.
      expiration: { maxEntries: 200, purgeOnQuotaError: true },
    },
  },
];

/** The page's `<meta name="theme-color">` must be the manifest's. */
function themeColorCheck(): Plugin {
  return {
    name: 'pwa-theme-color-check',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(`<meta name="theme-color" content="${THEME_COLOR}" />`)) {
        throw new Error(`client/index.html's theme-color is not ${THEME_COLOR}, the manifest's (scripts/vite-pwa.ts)`);
      }
    },
  };
}

/**
 * The worker's files (sw.js and Workbox's runtime) are written after the bundle, once the precache
 * list is known, so the compression plugin never sees them: they are compressed here, the same two
 * ways, after the worker is written (`sequential`, `order: 'post'`).
 */
function compressedServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'pwa-compressed-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const files = readdirSync(outDir).filter((file) => file === 'sw.js' || /^workbox-[\w-]+\.js$/.test(file));
        if (!files.includes('sw.js')) throw new Error('vite-pwa: sw.js was not written before it was to be compressed');
        for (const file of files) {
          const body = readFileSync(path.join(outDir, file));
          writeFileSync(path.join(outDir, `${file}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

export function installableApp(): PluginOption[] {
  return [
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the user accepts it (the page's "A new version is ready" banner).
      registerType: 'prompt',
      // The page registers the worker itself, lazily (client/src/lib/service-worker.ts).
      injectRegister: false,
      manifest: MANIFEST,
      workbox: {
        // html: the page, which pageAsServed turns into the server's copy.
        globPatterns: ['**/*.{js,css,woff2,html}'],
        manifestTransforms: [pageAsServed],
        // Navigations are the runtime route's (network first), not the precache's.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled as soon as the worker is active (an update still waits).
        clientsClaim: true,
        runtimeCaching: RUNTIME_CACHING,
      },
    }),
    themeColorCheck(),
    compressedServiceWorker(),
  ];
}
