import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { appRouter } from '../../server/root.js';
import { proceduresOf, type ProcedureInfo } from '../../server/rest/routes.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithRows, snapshotOf } from '../helpers/church-rows.js';
import { signInNewOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { replayInput, type VictimIds } from '../helpers/replay-inputs.js';

/**
 * Bad-input fuzzing of every procedure of the router, over REST: its sample input (naming the
 * caller's own rows, so that what passes validation reaches the handler and its writes) with fields
 * replaced, dropped or added by fast-check from a list of hostile values, and bodies that are not
 * JSON at all. Every answer must be below 500 (503 only for what this server has not configured),
 * every 4xx the envelope with a message, and a refused write must leave the church's rows as they
 * were. Seeded (FUZZ_SEED) and bounded (FUZZ_RUNS per procedure, 6 by default) for CI; a longer run:
 * FUZZ_RUNS=200 npx vitest run tests/integration/input-fuzz.test.ts.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Sessions are touched by every authenticated call: their rows change whatever the answer. */
const TOUCHED_BY_EVERY_CALL = ['user_sessions'];

const huge = 'x'.repeat(100_000);
const HOSTILE_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, '', ' ', '\u0000', 'a\u0000b', '\u0007\u001b[31mred',
  '\u202Eevil', '👩‍👩‍👧‍👦', 'ℌ𝔢𝔩𝔩𝔬', '2026-02-30', '0000-00-00', '9999-12-31', '2026-13-01', '1900-01-01T00:00:00Z',
  "'; drop table students; --", '../../etc/passwd', '%00', '__proto__', '00000000-0000-0000-0000-000000000000',
  [], {}, [1, 2, 3], { nested: { deeper: [null] } },
];
/** Values too big for a URL: only sent in bodies. */
const BODY_ONLY_VALUES: unknown[] = [huge, Array.from({ length: 100_000 }, () => 1)];

const hostileValue = (inBody: boolean) => fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES, ...(inBody ? BODY_ONLY_VALUES : [])),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.double(),
);

/** A sample with some fields hostile, some dropped, and sometimes keys no schema has. */
function hostileInput(sample: Record<string, unknown>, inBody: boolean) {
  const keys = Object.keys(sample);
  return fc.record({
    replaced: fc.subarray(keys),
    dropped: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
    values: fc.array(hostileValue(inBody), { minLength: keys.length, maxLength: keys.length }),
    extra: fc.constantFrom(null, 'proto', 'constructor', 'unknown'),
  }).map(({ replaced, dropped, values, extra }) => {
    const input: Record<string, unknown> = { ...sample };
    replaced.forEach((key) => { input[key] = values[keys.indexOf(key)]; });
    dropped.forEach((key) => { delete input[key]; });
    let body = JSON.stringify(input);
    // Keys JSON.stringify would not write as own keys are spliced into the text.
    if (extra === 'proto') body = body.replace(/^\{/, '{"__proto__":{"polluted":true},');
    if (extra === 'constructor') body = body.replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},');
    if (extra === 'unknown') body = body.replace(/^\{/, '{"not_a_field":"x",');
    return { input, body: body.replace(/,\}$/, '}') };
  });
}

let app: TestApp;
let own: VictimIds;
let churchHeaders: Record<string, string>;
let operatorHeaders: Record<string, string>;
let officerHeaders: Record<string, string>;

interface Answer { status: number; json: unknown }

async function send(procedure: ProcedureInfo, input: Record<string, unknown>, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
  const rest = procedure.meta.rest!;
  const rest_input = { ...input };
  const path = rest.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest_input[name];
    delete rest_input[name];
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
  });
  let res: Response;
  if (rest.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest_input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    res = await fetch(`${app.url}${path}?${query}`, { headers });
  } else {
    res = await fetch(app.url + path, { method: rest.method, headers: { ...headers, 'content-type': 'application/json' }, body });
  }
  const text = await res.text();
  let json: unknown = text;
  try { json = JSON.parse(text); } catch { /* a CSV download, checked by status alone */ }
  return { status: res.status, json };
}

/** The answer's problem, or null: a 5xx (but 503), or a 4xx that is not the envelope with a message. */
function problemOf(answer: Answer): string | null {
  if (answer.status >= 500 && answer.status !== 503) return `answered ${answer.status}`;
  if (answer.status >= 400) {
    const body = answer.json as { success?: unknown; message?: unknown };
    if (body?.success !== false || typeof body.message !== 'string' || body.message.length === 0) {
      return `a ${answer.status} without the envelope and a message: ${JSON.stringify(answer.json).slice(0, 200)}`;
    }
  }
  return null;
}

/** Each procedure is fuzzed by a caller its door lets through: the operator, the church's
 * association's admin, or the church's super admin. */
const headersFor = (procedure: { meta: { access?: { door: string } } }) => {
  const door = procedure.meta.access?.door;
  return door === 'operator' ? operatorHeaders : door === 'association' ? officerHeaders : churchHeaders;
};

/** Church procedures first, then the operator's (they may change the church's plan); sign-outs never. */
const fuzzed = () => proceduresOf(appRouter)
  .filter((p) => !p.procedurePath.endsWith('.logout') && p.meta.rest)
  .sort((x, y) => Number(x.meta.access?.door === 'operator') - Number(y.meta.access?.door === 'operator')
    || Number(x.procedurePath.endsWith('.delete')) - Number(y.procedurePath.endsWith('.delete')));

beforeAll(async () => {
  app = await startTestApp();
  const church = await churchWithRows(app.db);
  own = church.ids;
  const session = await signIn(app.url, church.code, `superadmin@${church.code.toLowerCase()}.test`);
  churchHeaders = session.headers;
  operatorHeaders = { authorization: `Bearer ${(await signInNewOperator(app.db, app.url)).token}` };
  // The admin of the church's association, for the association's procedures.
  officerHeaders = (await signInOfficer(app.url, church.associationCode, officerEmail('association_admin', church.associationCode))).headers;
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('bad input to every procedure', () => {
  it(`answers every hostile input below 500, in the envelope, and writes nothing when it refuses (${RUNS} runs each, seed ${SEED})`, async () => {
    for (const procedure of fuzzed()) {
      const headers = headersFor(procedure);
      const sample = (replayInput(procedure.procedurePath, procedure.input as z.ZodType | undefined, own) ?? {}) as Record<string, unknown>;
      const inBody = procedure.meta.rest!.method !== 'GET';
      await fc.assert(fc.asyncProperty(hostileInput(sample, inBody), async ({ input, body }) => {
        const before = procedure.type === 'mutation' ? await snapshotOf(app.db, own.church, TOUCHED_BY_EVERY_CALL) : null;
        const answer = await send(procedure, input, body, headers);
        const problem = problemOf(answer);
        if (problem) throw new Error(`${procedure.procedurePath} with ${body.slice(0, 300)}: ${problem}`);
        if (before && answer.status >= 400) {
          expect(await snapshotOf(app.db, own.church, TOUCHED_BY_EVERY_CALL), `${procedure.procedurePath} refused (${answer.status}) but wrote`).toEqual(before);
        }
      }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    }
    // No answer polluted the server's objects (it runs in this process).
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('answers bodies that are not a JSON object with a 4xx in the envelope', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const bodies: Array<[string, string]> = [
      ['application/json', '{"name":'], ['application/json', '{"name": "x"'], ['application/json', 'not json'],
      ['application/json', '[]'], ['application/json', 'null'], ['application/json', '"a string"'], ['application/json', deep],
      ['application/json', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) })],
      ['text/plain', '{"name":"x"}'], ['application/xml', '<name>x</name>'], ['application/x-www-form-urlencoded', 'name=x'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--'],
    ];
    const problems: string[] = [];
    for (const procedure of fuzzed().filter((p) => p.meta.rest!.method !== 'GET' && !p.meta.rest!.path.includes('{'))) {
      for (const [contentType, body] of bodies) {
        const headers = headersFor(procedure);
        const res = await fetch(app.url + procedure.meta.rest!.path, {
          method: procedure.meta.rest!.method, headers: { ...headers, 'content-type': contentType }, body,
        });
        const text = await res.text();
        let json: unknown = null;
        try { json = JSON.parse(text); } catch { /* reported below */ }
        const problem = problemOf({ status: res.status, json });
        if (problem || res.status < 400) problems.push(`${procedure.procedurePath} ${contentType} ${body.slice(0, 30)}: ${res.status} ${problem ?? ''}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers hostile multipart uploads with a 4xx in the envelope and stores no media row', async () => {
    const boundary = 'fuzzboundary';
    const part = (name: string, value: string, filename?: string, type = 'text/plain') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\nContent-Type: ${type}\r\n\r\n${value}\r\n`;
    const end = `--${boundary}--\r\n`;
    const fields = part('academic_year', '2026-2027') + part('month', '11') + part('title', 'x');
    const bodies: Array<[string, string]> = [
      [`multipart/form-data; boundary=${boundary}`, end], // no parts at all
      [`multipart/form-data; boundary=${boundary}`, fields + end], // fields, no file
      [`multipart/form-data; boundary=${boundary}`, fields + part('files', '<html><script>alert(1)</script>', 'photo.jpg', 'image/jpeg') + end],
      [`multipart/form-data; boundary=${boundary}`, fields + part('files', '%PDF', 'a.pdf', 'application/pdf')], // truncated: no closing boundary
      [`multipart/form-data; boundary=${boundary}`, part('title', 'y'.repeat(2_000_000)) + end], // a field far over its size
      [`multipart/form-data; boundary=${boundary}`, Array.from({ length: 500 }, (_, i) => part(`f${i}`, 'v')).join('') + end],
      [`multipart/form-data; boundary=${boundary}`, part('month', '13') + part('academic_year', '\u0000') + part('files', 'x', '../../etc/passwd', 'image/png') + end],
      ['multipart/form-data', fields + end], // no boundary
      [`multipart/form-data; boundary=${boundary}`, 'not multipart at all'],
    ];
    const before = await snapshotOf(app.db, own.church, TOUCHED_BY_EVERY_CALL);
    const problems: string[] = [];
    for (const [contentType, body] of bodies) {
      const res = await fetch(`${app.url}/api/gallery/upload`, { method: 'POST', headers: { ...churchHeaders, 'content-type': contentType }, body });
      const text = await res.text();
      let json: unknown = null;
      try { json = JSON.parse(text); } catch { /* reported below */ }
      const problem = problemOf({ status: res.status, json });
      if (problem || res.status < 400) problems.push(`body ${bodies.findIndex(([, b]) => b === body)}: ${res.status} ${problem ?? ''}`);
    }
    expect(problems).toEqual([]);
    expect(await snapshotOf(app.db, own.church, TOUCHED_BY_EVERY_CALL)).toEqual(before);
  }, 120_000);

  it('answers hostile circular forms with a 4xx in the envelope, and publishes and stores nothing', async () => {
    const boundary = 'fuzzboundary';
    const part = (name: string, value: string, filename?: string, type = 'text/plain') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\nContent-Type: ${type}\r\n\r\n${value}\r\n`;
    const end = `--${boundary}--\r\n`;
    const fields = part('title', 'x') + part('body', 'y');
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const bodies: Array<[string, string]> = [
      [multipart, end], // no parts at all
      [multipart, part('title', '') + part('pdf', '%PDF-1.7', 'a.pdf', 'application/pdf') + end], // a title left empty
      [multipart, fields + part('pdf', '<html><script>alert(1)</script>', 'a.pdf', 'application/pdf') + end],
      [multipart, fields + part('pdf', '%PDF-1.7', 'a.pdf', 'application/pdf')], // truncated: no closing boundary
      [multipart, fields + part('pdf', '', 'a.pdf', 'application/pdf') + end], // an empty file
      [multipart, fields + part('files', '%PDF-1.7', 'a.pdf', 'application/pdf') + end], // a file under another name
      [multipart, part('title', 'y'.repeat(2_000_000)) + end],
      [multipart, Array.from({ length: 50 }, (_, i) => part(`f${i}`, 'v')).join('') + end],
      [multipart, fields + part('section_id', '\u0000') + part('pdf', '%PDF-1.7', '../../etc/passwd', 'application/pdf') + end],
      [multipart, fields + part('section_id', own.church) + end], // an id of no section
      ['multipart/form-data', fields + end], // no boundary
      [multipart, 'not multipart at all'],
    ];
    // An association of its own: the operator's procedures above may have deactivated the church's.
    const { association, code } = await createAssociation(app.db, ['association_admin']);
    const admin = (await signInOfficer(app.url, code, officerEmail('association_admin', code))).headers;
    const circulars = async () => (await (await fetch(`${app.url}/api/association/circulars`, { headers: admin })).json()).data.length as number;
    const count = await circulars();
    const problems: string[] = [];
    for (const [index, [contentType, body]] of bodies.entries()) {
      const res = await fetch(`${app.url}/api/association/circulars/upload`, { method: 'POST', headers: { ...admin, 'content-type': contentType }, body });
      const text = await res.text();
      let json: unknown = null;
      try { json = JSON.parse(text); } catch { /* reported below */ }
      const problem = problemOf({ status: res.status, json });
      if (problem || res.status < 400) problems.push(`body ${index}: ${res.status} ${problem ?? ''}`);
    }
    expect(problems).toEqual([]);
    expect(await circulars()).toBe(count);
    expect(await readdir(path.join(app.config.UPLOADS_DIR, association.id)).catch(() => [])).toEqual([]);
  }, 120_000);
});
