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

/**
 * Fewer, larger chunks for what every signed-in load needs. Left to itself the bundler puts each
 * module that several screens share in a chunk of its own: Mark Attendance needed 13 small files
 * after the entry's, and on HTTP/1.1 (six connections, a phone's round trip each) that is what kept
 * its first paint late. Here the static dependencies of the dashboard frame (loaded by every
 * signed-in screen) and of Mark Attendance (the screen of Sunday morning) that the entry does not
 * hold go into one chunk each. The bundler also pulls a captured module's own dependencies into its
 * chunk, Mantine's shared core among them, so the entry loads the attendance kit as well: /login
 * went from 6 files to 3 for 2.7 KB more (scripts/bundle-budget.ts keeps it within its budget).
 */
function kitChunks(kits: Record<string, string>) {
  const kitOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'kit-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const found = ids.find((id) => id.endsWith(suffix));
        if (!found) throw new Error(`kitChunks: no module ends with ${suffix}`);
        return found;
      };
      const staticClosure = (start: string) => {
        const seen = new Set<string>();
        const queue = [start];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const taken = staticClosure(find('/client/src/main.tsx'));
      for (const [name, suffix] of Object.entries(kits)) {
        const root = find(suffix);
        for (const id of staticClosure(root)) {
          if (id === root || taken.has(id)) continue;
          kitOf.set(id, name);
          taken.add(id);
        }
      }
    },
  };
  return { plugin, name: (id: string) => kitOf.get(id) ?? null };
}

const kits = kitChunks({
  'frame-kit': '/client/src/features/shell/DashboardLayout.tsx',
  'attendance-kit': '/client/src/features/attendance/MarkAttendancePage.tsx',
});

// The client lives in client/ and is built to client/dist, which the server serves (server/app.ts).
// In development `vite` serves the client and forwards the API to the server on port 3000.
export default defineConfig({
  root: clientRoot,
  // Every text asset is also written as .br and .gz at build time, so the server sends compressed
  // files without spending CPU per request (server/app.ts serves them with preCompressed).
  plugins: [react(), mantineStylesPerComponent(), kits.plugin, compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: fileURLToPath(new URL('./client/dist', import.meta.url)),
    emptyOutDir: true,
    // client/dist/.vite/manifest.json: which chunks and styles each screen needs (scripts/bundle-budget.ts).
    manifest: true,
    // A lazy screen's stylesheets are fetched with it; its scripts are found by the browser through
    // the screen's own imports. Adding a <link rel=modulepreload> per script cost the entry about
    // 100 ms of a 4x-slowed CPU on each signed-in load (a dozen links made and inserted before the
    // first render), more than the round trip it saves. Every supported browser knows modulepreload,
    // so no polyfill either.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: kits.name }] } },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
    },
  },
});
