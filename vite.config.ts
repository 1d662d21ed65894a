import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { compiledCatalogues } from './scripts/vite-catalogues';
import { installableApp } from './scripts/vite-pwa';
import { SIGNED_IN_CHUNK, SIGNED_IN_SCREENS, SIGNED_IN_SHARED, TABLE_CHUNK, TABLE_FILES } from './scripts/client-chunks';

const clientRoot = fileURLToPath(new URL('./client', import.meta.url));
const apiServer = 'http://localhost:3000';

/**
 * Only the styles of the Mantine components in use, each in the chunk of the screen that first uses
 * it: every component module of @mantine/core imports its class names from `<Name>.module.mjs`, and
 * Mantine ships the matching `styles/<Name>.css`, so that import is made to bring the stylesheet
 * along. The global styles are imported once by client/src/main.tsx.
 */
function mantineStylesPerComponent(): Plugin {
  const componentClasses = /@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
  return {
    name: 'mantine-styles-per-component',
    transform(code, id) {
      const component = componentClasses.exec(id)?.[1];
      if (!component) return null;
      return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    },
  };
}

/**
 * Three chunks made by hand (the bundler splits the rest per screen):
 * - the entry (client/index.html and client/src/main.tsx) with everything it imports statically, so
 *   that the groups below cannot take any of it;
 * - the signed-in chunk (scripts/client-chunks.ts): the dashboard frame and Sunday morning's two
 *   screens with what they import beyond the entry, and a few small modules most screens share. A
 *   group also takes what its modules import (the bundler's default), which is what makes it one
 *   chunk instead of a dozen small shared ones;
 * - the table chunk (scripts/client-chunks.ts): Mantine's Table with the lists' table, without what
 *   they import.
 */
const clientFiles = (files: string[]) => (id: string) => files.some((file) => id.replaceAll('\\', '/').endsWith(`/client/${file}`));
const mantineTable = /@mantine[\\/]core[\\/](esm[\\/]components[\\/]Table[\\/]|styles[\\/]Table\.css$)/;
const CHUNK_GROUPS = [
  { name: 'index', test: clientFiles(['index.html', 'src/main.tsx']) },
  { name: SIGNED_IN_CHUNK, test: clientFiles([...SIGNED_IN_SCREENS, ...SIGNED_IN_SHARED]) },
  { name: TABLE_CHUNK, test: (id: string) => mantineTable.test(id) || clientFiles(TABLE_FILES)(id), includeDependenciesRecursively: false },
];

// The client lives in client/ and is built to client/dist, which the server serves (server/app.ts).
// In development `vite` serves the client and forwards the API to the server on port 3000.
export default defineConfig({
  root: clientRoot,
  // Every text asset is also written as .br and .gz at build time, so the server sends compressed
  // files without spending CPU per request (server/app.ts serves them with preCompressed).
  // installableApp: the manifest and the service worker (scripts/vite-pwa.ts), made from the files
  // written to client/dist once the bundle is complete.
  plugins: [
    react(), mantineStylesPerComponent(), compiledCatalogues(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    installableApp(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./client/dist', import.meta.url)),
    emptyOutDir: true,
    // client/dist/.vite/manifest.json: which chunks and styles each screen needs (scripts/bundle-budget.ts).
    manifest: true,
    // A lazy screen's stylesheets are fetched with it; its scripts are found by the browser through
    // the screen's own imports. Adding a <link rel=modulepreload> per script cost the entry more
    // main-thread time on each signed-in load (a dozen links made and inserted before the first
    // render) than the round trip it saves. Every supported browser knows modulepreload,
    // so no polyfill either.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
    },
  },
});
