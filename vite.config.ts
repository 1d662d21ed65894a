import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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

// The client lives in client/ and is built to client/dist, which the server serves (server/app.ts).
// In development `vite` serves the client and forwards the API to the server on port 3000.
export default defineConfig({
  root: clientRoot,
  // Every text asset is also written as .br and .gz at build time, so the server sends compressed
  // files without spending CPU per request (server/app.ts serves them with preCompressed).
  plugins: [react(), mantineStylesPerComponent(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: fileURLToPath(new URL('./client/dist', import.meta.url)),
    emptyOutDir: true,
    // client/dist/.vite/manifest.json: which chunks and styles each screen needs (scripts/bundle-budget.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
    },
  },
});
