import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const clientRoot = fileURLToPath(new URL('./client', import.meta.url));
const apiServer = 'http://localhost:3000';

// The client lives in client/ and is built to client/dist, which the server serves (server/app.ts).
// In development `vite` serves the client and forwards the API to the server on port 3000.
export default defineConfig({
  root: clientRoot,
  // Every text asset is also written as .br and .gz at build time, so the server sends compressed
  // files without spending CPU per request (server/app.ts serves them with preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: fileURLToPath(new URL('./client/dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, cached across releases of the app code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc|zod)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
    },
  },
});
