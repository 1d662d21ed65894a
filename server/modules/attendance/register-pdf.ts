import { INTL_LOCALE, type Locale } from '../../../common/i18n/locales.js';
import { classNameText } from '../../../common/class-name-text.js';
import { translatorFor, type Translate } from '../../core/i18n.js';
import type { Doc, Drawing } from '../../core/pdf/text.js';
import { PagedTable, usableWidth, widthFor, type Column, type Heading } from '../../core/pdf/paged-table.js';

/**
 * The printed attendance documents, A4 landscape: the monthly register of a class, laid out like
 * the paper register a Sunday School keeps, and the yearly summaries of a class and of the church.
 * Each is a paged table (core/pdf/paged-table.ts: the heading and column headings on every page).
 * Fixed texts come from the catalogue in the reader's language; names are printed as written, in any script.
 */

const percent = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const share = (part: number, whole: number) => (whole ? (Math.round((1000 * part) / whole) / 10).toFixed(1) : '–');

/** Date formats by language and style, made once: making one is far dearer than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(language: Locale, style: 'long' | 'short') {
  const key = `${language}-${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], style === 'long'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}
const monthTitle = (language: Locale, month: string) => formatOf(language, 'long').format(new Date(`${month}-01T00:00:00Z`));
/** A month's column heading in a yearly summary: its short name and its year ('Nov 2025'), wrapped to fit. */
const monthHeading = (language: Locale, month: string) =>
  `${formatOf(language, 'short').format(new Date(`${month}-01T00:00:00Z`))} ${month.slice(0, 4)}`;

/** '3rd A' in the reader's words ('3-ാം A'): a standard class name translated, the section as written. */
const classLabel = (t: Translate, cls: { className: string; section: string }) => `${classNameText(cls.className, t)} ${cls.section}`.trim();

export interface RegisterFacts {
  language: Locale;
  churchName: string;
  cls: { className: string; section: string };
  teacher: string | undefined;
  /** YYYY-MM */
  month: string;
  /** The register's days, in order: every class day of the month and any other day with a roll call. */
  dates: string[];
  children: Array<{
    roll: number | null; name: string; present: number; absent: number; percentage: number | null;
    /** Status by date. */
    marks: Map<string, string>;
  }>;
}

/**
 * The monthly register, like the paper one: one row per child, a column for every class day of the
 * month (pre-printed, blank when no roll call was taken) and any other day with a roll call, each
 * child's totals; at the foot the class's total present per day on its own row, then absent per day.
 * A cell holds the language's own letter for present or absent (P/A in English, ഉ/ഇ in Malayalam),
 * the legend under the heading says what they and a blank mean.
 */
export function registerPdf(facts: RegisterFacts): Drawing {
  const t = translatorFor(facts.language);
  const dateColumns = facts.dates.length;
  const monthName = monthTitle(facts.language, facts.month);
  const classText = classLabel(t, facts.cls);
  const table = new PagedTable(`${t('reports.register.title')}: ${classText}, ${monthName}`, INTL_LOCALE[facts.language], t, {
    churchName: facts.churchName,
    title: t('reports.register.title'),
    lines: [`${t('reports.class')}: ${classText}    ${t('reports.register.teacher')}: ${facts.teacher ?? t('reports.register.noTeacher')}`
      + `    ${t('reports.month')}: ${monthName}`,
    `${t('reports.presentLegend')}    ${t('reports.absentLegend')}    ${t('reports.register.blankLegend')}`],
  }, (doc) => {
    // The fixed columns as wide as their headings need (within bounds), the days share what the name leaves.
    const roll = widthFor(doc, t('reports.rollNo'), 30, 64);
    const present = widthFor(doc, t('reports.present'), 40, 64);
    const absent = widthFor(doc, t('reports.absent'), 40, 64);
    const pct = widthFor(doc, t('reports.percentageShort'), 34, 44);
    const fixed = roll + present + absent + pct;
    const dateWidth = dateColumns ? Math.min(36, (usableWidth - fixed - 140) / dateColumns) : 0;
    const nameWidth = Math.min(300, usableWidth - fixed - dateWidth * dateColumns);
    return [
      { label: t('reports.rollNo'), width: roll, align: 'right' },
      { label: t('reports.student'), width: nameWidth },
      ...facts.dates.map((date): Column => ({ label: String(Number(date.slice(8, 10))), width: dateWidth, align: 'center' })),
      { label: t('reports.present'), width: present, align: 'right' },
      { label: t('reports.absent'), width: absent, align: 'right' },
      { label: t('reports.percentageShort'), width: pct, align: 'right' },
    ];
  });

  const P = t('reports.presentShort');
  const A = t('reports.absentShort');
  function* steps() {
    for (const child of facts.children) {
      const cells = facts.dates.map((date) => {
        const status = child.marks.get(date);
        return status === 'present' ? P : status === 'absent' ? A : '';
      });
      table.row([String(child.roll ?? ''), child.name, ...cells, String(child.present), String(child.absent), percent(child.percentage)]);
      yield;
    }
    const marked = facts.dates.filter((date) => facts.children.some((c) => c.marks.has(date)));
    if (marked.length === 0) {
      table.note(t('reports.register.noMarks', { month: monthName }));
    } else {
      // The foot counts the rows above it, so each column adds up on the page; a day without a roll
      // call stays blank.
      const count = (date: string, status: string) => (marked.includes(date)
        ? String(facts.children.filter((c) => c.marks.get(date) === status).length) : '');
      const present = facts.children.reduce((sum, c) => sum + c.present, 0);
      const absent = facts.children.reduce((sum, c) => sum + c.absent, 0);
      table.row([t('reports.register.totalPresent'), '', ...facts.dates.map((d) => count(d, 'present')), String(present), String(absent),
        share(present, present + absent)], { weight: 'bold', shade: true, span: 2 });
      table.row([t('reports.register.totalAbsent'), '', ...facts.dates.map((d) => count(d, 'absent')), '', '', ''], { weight: 'bold', shade: true, span: 2 });
      table.note(t('reports.register.rollCalls', { held: marked.length }));
    }
    table.signatures([t('reports.register.teacherSignature'), t('reports.register.principalSignature')]);
  }
  return { doc: table.doc, steps: steps() };
}

/** A year's table: a first column or two, then a percentage per month and one for the year. */
function yearTable(
  t: Translate, language: Locale, heading: Heading, lead: Column[] | ((doc: Doc) => Column[]), months: string[],
): PagedTable {
  return new PagedTable(heading.title, INTL_LOCALE[language], t, heading, (doc) => {
    const first = typeof lead === 'function' ? lead(doc) : lead;
    const leadWidth = first.reduce((sum, c) => sum + c.width, 0);
    const width = Math.min(44, (usableWidth - leadWidth) / (months.length + 1));
    return [
      ...first,
      ...months.map((month): Column => ({ label: monthHeading(language, month), width, align: 'right' })),
      { label: t('reports.register.yearColumn'), width, align: 'right', weight: 'bold' },
    ];
  });
}

export interface ClassYearFacts {
  language: Locale;
  churchName: string;
  academicYear: string;
  cls: { className: string; section: string };
  teacher: string | undefined;
  /** YYYY-MM, the year's twelve months in order. */
  months: string[];
  children: Array<{ roll: number | null; name: string; percentages: Map<string, number | null> }>;
  anyMarks: boolean;
}

/** A class's year: each child's percentage present per month and over the year. */
export function classYearPdf(facts: ClassYearFacts): Drawing {
  const t = translatorFor(facts.language);
  const title = t('reports.register.classYearTitle');
  const table = yearTable(t, facts.language, {
    churchName: facts.churchName, title,
    lines: [`${t('reports.class')}: ${classLabel(t, facts.cls)}    ${t('reports.register.teacher')}: ${facts.teacher ?? t('reports.register.noTeacher')}`
      + `    ${t('reports.academicYear')}: ${facts.academicYear}`, t('reports.register.percentNote')],
  }, (doc) => {
    const roll = widthFor(doc, t('reports.rollNo'), 30, 64);
    return [{ label: t('reports.rollNo'), width: roll, align: 'right' }, { label: t('reports.student'), width: 224 - roll }];
  }, facts.months);
  function* steps() {
    for (const child of facts.children) {
      table.row([String(child.roll ?? ''), child.name, ...[...facts.months, '*'].map((m) => percent(child.percentages.get(m) ?? null))]);
      yield;
    }
    if (!facts.anyMarks) table.note(t('reports.register.noYearMarks', { year: facts.academicYear }));
  }
  return { doc: table.doc, steps: steps() };
}

/** A class's (or the whole Sunday School's) figures of the year, as a diocese's annual return asks them. */
export interface YearReturn {
  /** Children on the roll: enrolled in the class (an erased child still counts). */
  onRoll: number;
  /** Days with a roll call. */
  rollCalls: number;
  /** Marks present and all marks of those roll calls. */
  present: number;
  marks: number;
}

export interface ChurchYearFacts {
  language: Locale;
  churchName: string;
  academicYear: string;
  months: string[];
  classes: Array<{ className: string; section: string; teacherName: string | null; percentages: Map<string, number | null>; year: YearReturn }>;
  /** The Sunday School's percentage per month and over the year ('*'). */
  totals: Map<string, number | null>;
  /** The Sunday School's figures: children on roll of every class, days with any roll call. */
  total: YearReturn;
  anyMarks: boolean;
}

/** Average children present at a roll call, one decimal. */
const averagePresent = (year: YearReturn) => (year.rollCalls ? (Math.round((10 * year.present) / year.rollCalls) / 10).toFixed(1) : '–');

/**
 * The church's year: each class's percentage present per month and over the year, the Sunday
 * School's total on its own row; then the year's return: per class and for the Sunday School the
 * children on roll, the roll calls held and the average attendance (children present per roll call,
 * and the percentage).
 */
export function churchYearPdf(facts: ChurchYearFacts): Drawing {
  const t = translatorFor(facts.language);
  const title = t('reports.register.churchYearTitle');
  const table = yearTable(t, facts.language, {
    churchName: facts.churchName, title,
    lines: [`${t('reports.academicYear')}: ${facts.academicYear}`, t('reports.register.percentNote')],
  }, [{ label: t('reports.class'), width: 90 }, { label: t('reports.register.teacher'), width: 134 }], facts.months);
  function* steps() {
    for (const cls of facts.classes) {
      table.row([classLabel(t, cls), cls.teacherName ?? '', ...[...facts.months, '*'].map((m) => percent(cls.percentages.get(m) ?? null))]);
      yield;
    }
    if (facts.classes.length === 0) {
      table.note(t('reports.register.noClasses', { year: facts.academicYear }));
      return;
    }
    table.row([t('reports.register.schoolTotal'), '', ...[...facts.months, '*'].map((m) => percent(facts.totals.get(m) ?? null))],
      { weight: 'bold', shade: true, span: 2 });
    if (!facts.anyMarks) table.note(t('reports.register.noYearMarks', { year: facts.academicYear }));
    const figure = { width: 110, align: 'right' } as const;
    table.nextTable(t('reports.register.returnTitle', { year: facts.academicYear }), [
      { label: t('reports.class'), width: 90 }, { label: t('reports.register.teacher'), width: 134 },
      { label: t('reports.register.onRoll'), ...figure }, { label: t('reports.register.rollCallsHeld'), ...figure },
      { label: t('reports.register.averageChildren'), ...figure }, { label: t('reports.register.averagePercent'), ...figure },
    ]);
    const cells = (year: YearReturn) => [String(year.onRoll), String(year.rollCalls), averagePresent(year), share(year.present, year.marks)];
    for (const cls of facts.classes) {
      table.row([classLabel(t, cls), cls.teacherName ?? '', ...cells(cls.year)]);
      yield;
    }
    table.row([t('reports.register.schoolTotal'), '', ...cells(facts.total)], { weight: 'bold', shade: true, span: 2 });
    table.note(t('reports.register.returnNote'));
  }
  return { doc: table.doc, steps: steps() };
}
