import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_CHUNK, SIGNED_IN_SCREENS } from './client-chunks.js';

/**
 * `npm run budget`: the bytes a phone downloads before a screen shows, from the build's manifest
 * (client/dist/.vite/manifest.json, written by `vite build`). A screen needs the entry chunk, the
 * dashboard frame when it is signed in, its own chunk, everything those import statically, and
 * their styles. Sizes are of the .gz files the server sends (the brotli ones are smaller still).
 * Prints one line per screen and exits 1 when a budget is exceeded. Run by `npm test`.
 */

const DIST = path.resolve(import.meta.dirname, '../client/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const KB = 1000;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
const FRAME = 'src/features/shell/DashboardLayout.tsx';

/** The screens measured: the chunks each one starts from (besides the entry). */
const SCREENS: { name: string; chunks: string[] }[] = [
  { name: '/login', chunks: [] },
  { name: '/ (teacher dashboard)', chunks: [FRAME, 'src/features/dashboard/DashboardHome.tsx'] },
  { name: '/attendance (Mark Attendance)', chunks: [FRAME, 'src/features/attendance/MarkAttendancePage.tsx'] },
  { name: '/classes', chunks: [FRAME, 'src/features/classes/ClassesPage.tsx'] },
  { name: '/students', chunks: [FRAME, 'src/features/students/StudentsPage.tsx'] },
  { name: '/reports', chunks: [FRAME, 'src/features/reports/AttendanceReportsPage.tsx'] },
  { name: '/student-view', chunks: [FRAME, 'src/features/student-view/StudentViewPage.tsx'] },
  { name: '/subscription', chunks: ['src/features/subscription/SubscriptionPage.tsx'] },
];

/** Budgets in gzipped bytes: the JavaScript of the sign-in screen, and all of Mark Attendance. */
const BUDGETS: { screen: string; what: 'js' | 'total'; limit: number }[] = [
  { screen: '/login', what: 'js', limit: 150 * KB },
  { screen: '/attendance (Mark Attendance)', what: 'total', limit: 250 * KB },
];

function gzippedSize(file: string): number {
  const compressed = path.join(DIST, `${file}.gz`);
  // The compression plugin skips files too small to gain from it; those go out as they are.
  return statSync(existsSync(compressed) ? compressed : path.join(DIST, file)).size;
}

/** The files a screen needs: its chunks and their static imports, transitively, and their styles. */
function filesOf(manifest: Manifest, start: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? (SIGNED_IN_SCREENS.includes(key) ? signedInChunk(manifest) : undefined);
    if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed? Update SCREENS in ${path.basename(import.meta.filename)}.`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const style of chunk.css ?? []) css.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [ENTRY, ...start]) visit(key);
  return { js, css };
}

/** The screens of the signed-in chunk have no entry of their own in the manifest: they are in it. */
function signedInChunk(manifest: Manifest): ManifestChunk | undefined {
  return Object.values(manifest).find((chunk) => chunk.name === SIGNED_IN_CHUNK && chunk.file.endsWith('.js'));
}

const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzippedSize(file), 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

if (!existsSync(MANIFEST)) {
  console.error('client/dist/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

console.log('Bytes to show each screen (gzipped, what a phone downloads on its first visit):');
const totals = new Map<string, { js: number; total: number }>();
for (const screen of SCREENS) {
  const files = filesOf(manifest, screen.chunks);
  const js = sum(files.js);
  const css = sum(files.css);
  totals.set(screen.name, { js, total: js + css });
  console.log(`  ${screen.name.padEnd(32)} JS ${kb(js).padStart(9)} in ${String(files.js.size).padStart(2)} files, CSS ${kb(css).padStart(8)}, total ${kb(js + css).padStart(9)}`);
}

let exceeded = 0;
for (const budget of BUDGETS) {
  const measured = totals.get(budget.screen)![budget.what];
  const label = `${budget.screen} ${budget.what === 'js' ? 'JavaScript' : 'JavaScript and CSS'}`;
  const verdict = measured <= budget.limit ? 'within' : 'OVER';
  if (measured > budget.limit) exceeded++;
  console.log(`Budget: ${label} ${kb(measured)} of ${kb(budget.limit)}: ${verdict}`);
}
process.exit(exceeded > 0 ? 1 : 0);
