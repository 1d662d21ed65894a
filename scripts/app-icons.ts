import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * `npx tsx scripts/app-icons.ts`: draws the installed app's icons (the web app manifest's, in
 * vite.config's PWA options) into client/public/icons/, where the build copies them from. Run it
 * again after changing the drawing below, and commit the PNGs.
 *
 * The drawing is the church of the loading screen (client/index.html), white on the theme's primary
 * colour (indigo 8, the page's theme-color). A "maskable" icon is cut to the launcher's own shape
 * (a circle, a squircle...): only the middle 80% is sure to show, so its glyph is smaller and its
 * background fills the square. The plain icon keeps rounded corners of its own.
 */

const OUT_DIR = path.resolve(import.meta.dirname, '../client/public/icons');
const PRIMARY = '#3b5bdb';
/** Tabler's "building-church" (24×24, stroked), as in client/index.html. */
const CHURCH = ['M3 21h7v-3a2 2 0 0 1 4 0v3h7', 'M6 21v-9l-3 2l9 -6l9 6l-3 -2v9', 'M12 8v-5m-2 2h4'];

/** A 512×512 drawing; `glyph` is the church's width and height in pixels (it spans 18 of its 24 units). */
function iconSvg({ glyph, cornerRadius }: { glyph: number; cornerRadius: number }) {
  const scale = glyph / 18;
  const paths = CHURCH.map((d) => `<path d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${cornerRadius}" fill="${PRIMARY}"/>
  <g transform="translate(256 256) scale(${scale}) translate(-12 -12)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${paths}</g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: iconSvg({ glyph: 300, cornerRadius: 96 }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ glyph: 300, cornerRadius: 96 }) },
  // The safe zone is a circle of radius 205 px: the glyph's corners stay 165 px from the middle.
  { file: 'icon-maskable-512.png', size: 512, svg: iconSvg({ glyph: 234, cornerRadius: 0 }) },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(icon.svg), { density: 72 * (icon.size / 512) })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT_DIR, icon.file));
  console.log(`client/public/icons/${icon.file}`);
}
