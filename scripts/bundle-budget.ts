import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
const CATALOGUES = path.resolve(import.meta.dirname, '../common/i18n/catalogues');
/** The languages fetched on demand (English comes inside each screen's own chunks). */
const TRANSLATED = ['ml', 'ta', 'hi'] as const;
/** The font each translated language fetches (its script's Noto, regular and bold). */
const FONT_OF: Record<(typeof TRANSLATED)[number], string> = { ml: 'malayalam', ta: 'tamil', hi: 'devanagari' };
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
/** The dashboard's frame: the shell's layout and the app's sidebar entries with their icons. */
const FRAME = ['src/features/shell/DashboardLayout.tsx', 'src/app/ChurchFrame.tsx'];

/** The screens measured: the chunks each one starts from (besides the entry). */
const SCREENS: { name: string; chunks: string[] }[] = [
  { name: '/login', chunks: [] },
  { name: '/ (teacher dashboard)', chunks: [...FRAME, 'src/features/dashboard/DashboardHome.tsx'] },
  { name: '/attendance (Mark Attendance)', chunks: [...FRAME, 'src/features/attendance/MarkAttendancePage.tsx'] },
  { name: '/classes', chunks: [...FRAME, 'src/features/classes/ClassesPage.tsx'] },
  { name: '/students', chunks: [...FRAME, 'src/features/students/StudentsPage.tsx'] },
  { name: '/reports', chunks: [...FRAME, 'src/features/reports/AttendanceReportsPage.tsx'] },
  { name: '/student-view', chunks: [...FRAME, 'src/features/student-view/StudentViewPage.tsx'] },
  { name: '/subscription', chunks: ['src/features/subscription/SubscriptionPage.tsx'] },
  { name: '/register', chunks: ['src/features/registration/RegisterChurchPage.tsx'] },
  { name: '/payment', chunks: ['src/features/payments/PaymentPage.tsx'] },
  { name: '/teachers', chunks: [...FRAME, 'src/features/users/TeachersPage.tsx'] },
  { name: '/users', chunks: [...FRAME, 'src/features/users/UsersPage.tsx'] },
  { name: '/records', chunks: [...FRAME, 'src/features/records/RecordsPage.tsx'] },
  { name: '/configuration', chunks: [...FRAME, 'src/features/configuration/ConfigurationPage.tsx'] },
];

/** Budgets in gzipped bytes: the JavaScript of the sign-in screen, and all of Mark Attendance. */
const BUDGETS: { screen: string; what: 'js' | 'total'; limit: number }[] = [
  { screen: '/login', what: 'js', limit: 150 * KB },
  { screen: '/attendance (Mark Attendance)', what: 'total', limit: 250 * KB },
];
/** What a language other than English may add to a screen's JavaScript (its texts), fonts apart. */
const LANGUAGE_BUDGET = 25 * KB;

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

/**
 * The catalogue areas a screen shows: those whose compiled English texts (`"area.id":[`) are in its
 * JavaScript. In another language the screen also fetches those areas' translations.
 */
const AREAS = readdirSync(CATALOGUES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
function areasOf(js: Set<string>): string[] {
  const code = [...js].map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n');
  return AREAS.filter((area) => new RegExp(String.raw`"${area}\.[\w.]+":\[`).test(code));
}
const translationFile = (area: string, language: string) => {
  const chunk = manifest[`../common/i18n/catalogues/${area}/${language}.json`];
  if (!chunk) throw new Error(`The ${language} catalogue of ${area} is not in the build`);
  return chunk.file;
};
/** The gzipped bytes of a language's font files (their @font-face rules are in every page's stylesheet). */
function fontBytes(language: (typeof TRANSLATED)[number]): number {
  const files = readdirSync(path.join(DIST, 'assets')).filter((file) => file.endsWith('.woff2') && file.includes(`-${FONT_OF[language]}-`));
  if (files.length === 0) throw new Error(`The ${language} font files are not in the build`);
  return files.reduce((total, file) => total + gzippedSize(`assets/${file}`), 0);
}

/**
 * What the service worker downloads when it installs (scripts/vite-pwa.ts): the files its precache
 * lists in sw.js, raw (as kept on the device) and as sent (brotli, gzip, or as they are when the
 * build has no smaller copy), and the worker's own files.
 */
function precacheFigures() {
  const worker = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1]);
  if (urls.length === 0) throw new Error('No precache list found in client/dist/sw.js: did its format change?');
  // The page is precached as the server sends it (at /?app-shell): the built index.html, a ribbon apart.
  const files = urls.map((url) => (url.startsWith('/?') ? 'index.html' : url));
  const sizeOf = (file: string, encoding: 'br' | 'gz' | 'raw') => {
    const copy = path.join(DIST, `${file}.${encoding}`);
    return statSync(encoding !== 'raw' && existsSync(copy) ? copy : path.join(DIST, file)).size;
  };
  const total = (list: string[], encoding: 'br' | 'gz' | 'raw') => list.reduce((sum, file) => sum + sizeOf(file, encoding), 0);
  const own = readdirSync(DIST).filter((file) => file === 'sw.js' || /^workbox-[\w-]+\.js$/.test(file));
  console.log(`Service worker precache: ${files.length} files, ${kb(total(files, 'raw'))} on the device, ` +
    `${kb(total(files, 'br'))} sent with brotli (${kb(total(files, 'gz'))} with gzip); ` +
    `the worker itself ${kb(total(own, 'br'))} with brotli (${own.join(', ')})`);
}

let exceeded = 0;
console.log(`Each language's texts on each screen (gzipped JavaScript added to the English figures; budget ${kb(LANGUAGE_BUDGET)}):`);
for (const screen of SCREENS) {
  const areas = areasOf(filesOf(manifest, screen.chunks).js);
  const added = TRANSLATED.map((language) => {
    const bytes = areas.reduce((total, area) => total + gzippedSize(translationFile(area, language)), 0);
    if (bytes > LANGUAGE_BUDGET) exceeded++;
    return `${language} ${kb(bytes).padStart(8)}${bytes > LANGUAGE_BUDGET ? ' OVER' : ''}`;
  });
  console.log(`  ${screen.name.padEnd(32)} ${added.join(', ')}  (areas: ${areas.join(', ') || 'none'})`);
}
console.log(`Fonts, fetched once a letter of their script shows, e.g. the language picker's names (regular and bold): ${TRANSLATED.map((language) => `${language} ${kb(fontBytes(language))}`).join(', ')}`);

precacheFigures();

for (const budget of BUDGETS) {
  const measured = totals.get(budget.screen)![budget.what];
  const label = `${budget.screen} ${budget.what === 'js' ? 'JavaScript' : 'JavaScript and CSS'}`;
  const verdict = measured <= budget.limit ? 'within' : 'OVER';
  if (measured > budget.limit) exceeded++;
  console.log(`Budget: ${label} ${kb(measured)} of ${kb(budget.limit)}: ${verdict}`);
}
process.exit(exceeded > 0 ? 1 : 0);
