import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff.js';

/**
 * PDFs that speak every language of the app. PDFKit shapes OpenType text with fontkit, so
 * Malayalam, Tamil and Devanagari come out as joined letters, not boxes, when set in a font of their
 * script: the self-hosted Noto Sans files the client uses (@fontsource, WOFF, unwrapped to OpenType
 * once: woff.ts). Each of those files
 * holds one script only (their unicode subsets), so text is cut into runs by script and each run is
 * set in its own font: the Indian scripts in theirs, Latin (and punctuation, digits) in Noto Sans's
 * Latin subsets.
 *
 * Shaping draws those scripts' glyphs in visual order (the vowel sign of ജോ before its consonant, the
 * reph of र्मा after it) and joins letters into one glyph, so the glyphs alone give copy, search and
 * screen readers reordered letters. Every piece of such text drawn carries its real characters as
 * ActualText (actualText below), and every document is tagged: its language, a structure tree in
 * reading order (headings, paragraphs, tables), decoration and repeated page heads as artifacts.
 */

type Script = 'malayalam' | 'tamil' | 'devanagari' | 'latin' | 'latinExt';
export type Weight = 'regular' | 'bold';

const FILE_OF: Record<Script, [family: string, subset: string]> = {
  malayalam: ['noto-sans-malayalam', 'malayalam'],
  tamil: ['noto-sans-tamil', 'tamil'],
  devanagari: ['noto-sans-devanagari', 'devanagari'],
  latin: ['noto-sans-malayalam', 'latin'],
  latinExt: ['noto-sans-malayalam', 'latin-ext'],
};

const require = createRequire(import.meta.url);
let fonts: Map<string, Buffer> | undefined;

/** Every font file, read and unwrapped once (the first document made), then shared by every document. */
function fontFiles(): Map<string, Buffer> {
  if (fonts) return fonts;
  const loaded = new Map<string, Buffer>();
  for (const [script, [family, subset]] of Object.entries(FILE_OF)) {
    const dir = path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files');
    for (const [weight, number] of [['regular', 400], ['bold', 700]] as const) {
      loaded.set(`${script}-${weight}`, woffToSfnt(readFileSync(path.join(dir, `${family}-${subset}-${number}-normal.woff`))));
    }
  }
  fonts = loaded;
  return loaded;
}

/**
 * A new A4 document (portrait unless asked) with every script's font registered under
 * `<script>-<weight>`, tagged: `language` (a BCP 47 tag, 'ml-IN') is the document's language, and
 * what `write` draws goes into its structure tree (a `Document` element) in the order drawn.
 */
export function newDocument(info: { title: string; language: string; layout?: 'portrait' | 'landscape'; margin?: number }) {
  const doc = new PDFDocument({
    size: 'A4', layout: info.layout ?? 'portrait', margin: info.margin ?? 42, info: { Title: info.title, Producer: 'Sunday School' },
    pdfVersion: '1.7', tagged: true, lang: info.language, displayTitle: true,
  });
  for (const [name, file] of fontFiles()) doc.registerFont(name, file);
  doc.font('latin-regular');
  const root = doc.struct('Document');
  doc.addStructure(root);
  tagsOf.set(doc, { parents: [root], drawing: false, language: info.language.split('-')[0] });
  actualText(doc);
  return doc;
}
export type Doc = ReturnType<typeof newDocument>;

/** The script of a character: the three Indian scripts by their Unicode blocks (with the Vedic
 * extensions for Devanagari), Latin Extended, and everything else in the Latin font. */
function scriptOf(code: number): Script | undefined {
  if (code >= 0x0d00 && code <= 0x0d7f) return 'malayalam';
  if (code >= 0x0b80 && code <= 0x0bff) return 'tamil';
  if ((code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff)) return 'devanagari';
  if ((code >= 0x0100 && code <= 0x024f) || (code >= 0x1e00 && code <= 0x1eff)) return 'latinExt';
  // Spaces and joiners (ZWJ, ZWNJ) belong to the run they are in: a joiner cut off its letters
  // would change how they join.
  if (code === 0x20 || code === 0x200c || code === 0x200d) return undefined;
  return 'latin';
}

/** The text cut into runs of one script each. */
function runsOf(text: string): Array<{ script: Script; text: string }> {
  const runs: Array<{ script: Script; text: string }> = [];
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!) ?? runs.at(-1)?.script ?? 'latin';
    const last = runs.at(-1);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

/** The language of each script shaped into reordered or joined glyphs. */
const LANGUAGE_OF: Partial<Record<Script, string>> = { malayalam: 'ml', tamil: 'ta', devanagari: 'hi' };

/** The first script of the text whose glyphs do not give its characters in order, if any. */
function shapedScriptOf(text: string): Script | undefined {
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    if (script && LANGUAGE_OF[script]) return script;
  }
  return undefined;
}

/** A PDF text string of any characters: UTF-16BE with its byte order mark, in hex (nothing to escape). */
function pdfString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

/** PDFKit's internals that actualText reaches into (PDFKit 0.20: `_fragment` draws one line of one
 * font as BT, Tm, Tf, TJ..., ET, and every operator goes through `addContent`). */
interface Internals {
  _fragment: (this: Internals, text: string, x: number, y: number, options: unknown) => void;
  addContent: (this: Internals, data: string) => unknown;
}

/**
 * Every piece of text PDFKit draws (one line of one run: `_fragment`) that holds a shaped script is
 * marked content `/Span <</ActualText (its characters) /Lang ...>>`, so that a reader takes the
 * characters as written instead of the glyphs' (PDF 32000-1, 14.9.4). The span is opened after the
 * font is set and closed before the text object ends, inside the text object: a reader that replays
 * the span's characters at its end (poppler's pdftotext) needs the text's font and matrix then, which
 * the graphics state restored after the text no longer has. A piece never spans lines or pages, so
 * every line keeps its own position. The span's language is its script's when the document's is
 * another (a Tamil name in an English register). PDFKit has no public hook at this level; if its
 * drawing changes shape, this fails loudly rather than leaving text without its characters.
 */
function actualText(doc: Doc) {
  const inner = doc as unknown as Internals;
  const fragment = inner._fragment;
  const addContent = inner.addContent;
  if (typeof fragment !== 'function' || typeof addContent !== 'function') throw new Error('PDFKit draws text in a way actualText does not know');
  const { language } = tagsOf.get(doc)!;
  inner._fragment = function drawWithActualText(this: Internals, text, x, y, options) {
    const characters = `${text}`.replace(/\n/g, '');
    const script = shapedScriptOf(characters);
    if (!script) return fragment.call(this, text, x, y, options);
    const lang = LANGUAGE_OF[script] === language ? '' : ` /Lang (${LANGUAGE_OF[script]})`;
    let state = 'before' as 'before' | 'open' | 'closed';
    this.addContent = function addWithSpan(this: Internals, data: string) {
      if (data === 'ET' && state === 'open') { addContent.call(this, 'EMC'); state = 'closed'; }
      addContent.call(this, data);
      if (state === 'before' && typeof data === 'string' && data.endsWith(' Tf')) {
        addContent.call(this, `/Span <</ActualText ${pdfString(characters)}${lang}>> BDC`);
        state = 'open';
      }
      return this;
    };
    try {
      fragment.call(this, text, x, y, options);
    } finally {
      this.addContent = addContent;
    }
    if (state !== 'closed') throw new Error('PDFKit drew text in a way actualText does not know');
  };
}

interface Tags {
  /** The open structure elements, innermost last: what is drawn goes into the last. */
  parents: PDFKit.PDFStructureElement[];
  /** Inside an element's content or an artifact: what is drawn belongs to it, no new element. */
  drawing: boolean;
  /** The document's primary language ('ml'). */
  language: string;
}
const tagsOf = new WeakMap<Doc, Tags>();

/** The structure types used: headings, paragraphs, tables, and groups of them. */
export type Role = 'H1' | 'H2' | 'H3' | 'P' | 'TH' | 'TD';
type GroupRole = 'Sect' | 'Table' | 'TR';

/**
 * Draws the content of one structure element of `role` (a heading, a paragraph, a table cell), in
 * the open group (the document unless `begin` opened another). Drawn within another element's content
 * or within an artifact, it adds to that instead.
 */
export function tag(doc: Doc, role: Role, draw: () => void) {
  const tags = tagsOf.get(doc)!;
  if (tags.drawing) return draw();
  tags.drawing = true;
  try {
    // An element whose content is a function, added to an element already in the tree, draws it at
    // once as its marked content (PDFKit: its content marked with the element's MCID).
    tags.parents.at(-1)!.add(doc.struct(role, {}, () => { draw(); }));
  } finally {
    tags.drawing = false;
  }
}

/** Opens a group (a table, a row) in the open one: what is drawn until its `end` goes into it. */
export function begin(doc: Doc, role: GroupRole) {
  const tags = tagsOf.get(doc)!;
  const element = doc.struct(role);
  tags.parents.at(-1)!.add(element);
  tags.parents.push(element);
}

/** Closes the group `begin` opened last. */
export function end(doc: Doc) {
  const tags = tagsOf.get(doc)!;
  if (tags.parents.length > 1) tags.parents.pop()!.end();
}

/** Draws what is not content (rules, boxes, shading, page numbers, a page's repeated heading) as an
 * artifact: readers and the structure tree skip it. */
export function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  const tags = tagsOf.get(doc)!;
  if (tags.drawing) return draw();
  tags.drawing = true;
  doc.markContent('Artifact', { type });
  try {
    draw();
  } finally {
    doc.endMarkedContent();
    tags.drawing = false;
  }
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * fontkit 2.0 (PDFKit's shaper) fails on a null anchor of the above-base mark positioning some
 * Malayalam clusters hit in these files (ഫ്: pha and virama). Such a paragraph is set without that
 * feature (the mark keeps the position its glyph was drawn with), and failing that without any
 * mark positioning: readable letters rather than no document. One set serves a whole paragraph:
 * PDFKit measures the continued runs of a paragraph with the first run's features. Made afresh
 * each time, as fontkit writes its defaults into the object it is given.
 */
const FEATURE_FALLBACKS: ReadonlyArray<() => Record<string, boolean> | undefined> = [
  () => undefined,
  () => ({ abvm: false }),
  () => ({ abvm: false, blwm: false, mark: false, mkmk: false, dist: false }),
];

type Run = ReturnType<typeof runsOf>[number];

/**
 * Which fallback a text needs, and its width at size 1, are the same every time (the fonts never
 * change): kept for the texts seen lately, since a table writes the same few texts (P, A, numbers)
 * hundreds of times and each probe is a shaping. Bounded: emptied when full.
 */
const CACHE_MAX = 5000;
const fallbackOf = new Map<string, number>();
const unitWidthOf = new Map<string, number>();
const remember = <V>(cache: Map<string, V>, key: string, value: V) => {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
};

function fallbackIndex(doc: Doc, runs: Run[], weight: Weight): number {
  const key = `${weight}\u0000${runs.map((run) => run.text).join('\u0000')}`;
  const known = fallbackOf.get(key);
  if (known !== undefined) return known;
  for (const [index, make] of FEATURE_FALLBACKS.entries()) {
    try {
      for (const run of runs) doc.font(`${run.script}-${weight}`).widthOfString(run.text, { features: make() as TextOptions['features'] });
      return remember(fallbackOf, key, index);
    } catch {
      // the next, smaller set of features
    }
  }
  return remember(fallbackOf, key, FEATURE_FALLBACKS.length - 1);
}

function featuresFor(doc: Doc, runs: Run[], weight: Weight): TextOptions['features'] {
  return FEATURE_FALLBACKS[fallbackIndex(doc, runs, weight)]() as TextOptions['features'];
}

/** Writes a paragraph of any scripts at the current position (or x, y), wrapping at the width, as a
 * structure element of `role` (a paragraph unless asked). */
export function write(doc: Doc, text: string, options: TextOptions & { weight?: Weight; size?: number; x?: number; y?: number; role?: Role } = {}) {
  const { weight = 'regular', size, x, y, role = 'P', ...rest } = options;
  if (size) doc.fontSize(size);
  const runs = runsOf(text || ' ');
  const features = featuresFor(doc, runs, weight);
  tag(doc, role, () => {
    runs.forEach((run, i) => {
      doc.font(`${run.script}-${weight}`);
      const runOptions = { ...rest, continued: i < runs.length - 1, features };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
      else doc.text(run.text, runOptions);
    });
  });
  return doc;
}

/** The width of a text of any scripts set in `weight` at `size`, with the features `write` would
 * shape it with. */
export function widthOf(doc: Doc, text: string, size: number, weight: Weight = 'regular'): number {
  doc.fontSize(size);
  const key = `${weight}\u0000${text}`;
  const known = unitWidthOf.get(key);
  if (known !== undefined) return known * size;
  const runs = runsOf(text || ' ');
  const features = featuresFor(doc, runs, weight);
  const width = runs.reduce((sum, run) => sum + doc.font(`${run.script}-${weight}`).widthOfString(run.text, { features }), 0);
  return remember(unitWidthOf, key, width / size) * size;
}

/**
 * Writes one line, never wrapped, aligned in a box `width` wide starting at x. PDFKit's wrapping
 * measures a word too long for its width piece by piece, and fontkit can fail on a piece cut inside
 * a Malayalam cluster that shapes whole; without a width PDFKit never cuts, so the alignment is
 * computed here from the whole line's width. A line longer than the box runs past it: the caller
 * clips.
 */
export function writeLine(doc: Doc, text: string, options: { x: number; y: number; width: number; size: number; weight?: Weight;
  align?: 'left' | 'center' | 'right'; role?: Role }) {
  const { x, y, width, size, weight = 'regular', align = 'left', role } = options;
  const room = width - (align === 'left' ? 0 : widthOf(doc, text, size, weight));
  const left = align === 'right' ? x + Math.max(0, room) : align === 'center' ? x + Math.max(0, room / 2) : x;
  return write(doc, text, { x: left, y, size, weight, role, lineBreak: false });
}

/** A document and the steps that draw it (a table's rows, say): drawn while it is sent. */
export interface Drawing { doc: Doc; steps: Iterable<unknown> }

/**
 * The document's bytes as they are made. A plain document is ended and read. A drawing is drawn
 * step by step, and after each step what PDFKit has written so far (it writes each page out when
 * the next one starts) is handed on: a long document never sits whole in memory, only the page
 * being drawn.
 */
export async function* chunksOf(source: Doc | Drawing): AsyncGenerator<Uint8Array> {
  const { doc, steps } = 'steps' in source ? source : { doc: source, steps: [] };
  const pending: Uint8Array[] = [];
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  doc.on('data', (chunk: Buffer) => { pending.push(chunk); });
  doc.on('error', (error: Error) => { failure = error; wake?.(); });
  doc.on('end', () => { ended = true; wake?.(); });
  for (const _ of steps) {
    while (pending.length) yield pending.shift()!;
  }
  doc.end();
  for (;;) {
    while (pending.length) yield pending.shift()!;
    if (failure) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => { wake = resolve; });
    wake = undefined;
  }
}

/** The whole document as one buffer (small documents: a form, a summary). */
export function bufferOf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** An empty tick box at (x, y), `size` points square, its top at the text's cap line. */
export function tickBox(doc: Doc, x: number, y: number, size = 10) {
  artifact(doc, () => doc.save().lineWidth(0.8).rect(x, y, size, size).stroke().restore());
}
