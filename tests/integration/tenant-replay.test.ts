import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ChurchRole } from '../../common/constants.js';
import { appRouter } from '../../server/root.js';
import type { ProcedureAccess } from '../../server/rest/meta.js';
import { proceduresOf, type ProcedureInfo } from '../../server/rest/routes.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithRows, MARKER_PREFIX, snapshotOf } from '../helpers/church-rows.js';
import { createChurch, signInNewOperator } from '../helpers/fixtures.js';
import { signIn } from '../helpers/church-session.js';
import { registeredRoutes } from '../helpers/registered-routes.js';
import { createAssociation, officerEmail, signInOfficer } from '../helpers/associations.js';
import { replayInput, type VictimIds } from '../helpers/replay-inputs.js';
import { createLocalMediaStorage } from '../../server/modules/media-storage/index.js';

/**
 * The two-tenant replay: every procedure of the router, over REST and over tRPC, is called by every
 * kind of caller with a sample input naming church A's real rows (tests/helpers/replay-inputs.ts).
 * What each caller must be answered comes from the procedure's access, which its rung of the
 * procedure ladder sets (server/trpc/init.ts), so a procedure added later is replayed and judged
 * without anyone listing it here. Checked for every answer: the status its access calls for, never
 * a 5xx, and none of church A's ids or names that the caller did not send itself; and at the end,
 * church A's rows in every table exactly as they were.
 */

const ROLES: readonly ChurchRole[] = ['super_admin', 'principal', 'teacher', 'guest'];

/**
 * What a caller must get: 'open' (a public procedure: any answer of its own, even a 401 for wrong
 * credentials, but no 5xx), 'through' (past the door: anything but 401 and 5xx), refused with 401
 * or 403, or not called at all.
 */
type Verdict = 'open' | 'through' | 401 | 403 | 'skip';
interface Caller {
  name: string;
  headers: Record<string, string>;
  verdict(access: ProcedureAccess): Verdict;
}

let app: TestApp;
let victim: VictimIds;
/** Values of church A that no other caller may see unless it sent them itself. */
let victimMarkers: string[];
let snapshotBefore: Record<string, unknown>;
let procedures: ProcedureInfo[];
let bCode: string;
let victimFile: string;
let cCode: string;
let yCode: string;
let leftCode: string;


const ASSOCIATION_IDS = ['association_id', 'section_id', 'circular_id'];

/** What identifies church A in its rows: every id, and every text that holds its code or a marker
 * (names, emails, notes, file names). Texts any church may hold (roles, years) are not searched. */
function markersOf(snapshot: Record<string, unknown>, code: string): string[] {
  const values = new Set<string>();
  const identifies = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
    || value.toLowerCase().includes(code.toLowerCase()) || value.includes(MARKER_PREFIX);
  const visit = (value: unknown) => {
    if (typeof value === 'string' && identifies(value)) values.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      // The ids of an association's own rows that A's rows name are the association's, not A's.
      Object.entries(value).filter(([key]) => !ASSOCIATION_IDS.includes(key)).forEach(([, inner]) => visit(inner));
    }
  };
  for (const [table, rows] of Object.entries(snapshot)) if (table !== 'audit_log') visit(rows);
  return [...values];
}

async function callers(): Promise<Caller[]> {
  const anonymous: Caller = { name: 'no session', headers: {}, verdict: (a) => (a.door === 'public' ? 'open' : 401) };
  const members = await Promise.all(ROLES.map(async (role): Promise<Caller> => {
    const session = await signIn(app.url, bCode, `${role.replace('_', '')}@${bCode.toLowerCase()}.test`);
    return {
      name: `church B's ${role}`,
      headers: session.headers,
      verdict: (a) => {
        if (a.door === 'public') return 'open';
        if (a.door === 'operator' || a.door === 'association') return 401;
        if (a.door === 'payer') return role === 'super_admin' ? 'through' : 403;
        return a.roles.includes(role) ? 'through' : 403;
      },
    };
  }));
  const lapsed = await signIn(app.url, cCode, `superadmin@${cCode.toLowerCase()}.test`);
  const lapsedChurch: Caller = {
    name: 'a lapsed church\'s super admin',
    headers: lapsed.headers,
    verdict: (a) => {
      if (a.door === 'public') return 'open';
      if (a.door === 'operator' || a.door === 'association') return 401;
      if (a.door === 'church' && a.validSubscription) return 403;
      return 'through';
    },
  };
  const operator = await signInNewOperator(app.db, app.url);
  const operatorOnChurchPaths: Caller = {
    name: 'an operator on church paths',
    headers: { authorization: `Bearer ${operator.token}`, 'x-church-code': bCode },
    // An operator reads and changes any church on its own paths by design; here it is tried on the others.
    verdict: (a) => (a.door === 'operator' ? 'skip' : a.door === 'public' ? 'open' : 401),
  };
  // Association officers, a new kind of caller: of an association church A never joined, and of the
  // one it left (A is a member of a third): on association paths they see nothing of A.
  const officers = await Promise.all([[yCode, 'another association\'s admin'], [leftCode, 'the admin of the association A left']].map(async ([code, name]): Promise<Caller> => {
    const session = await signInOfficer(app.url, code, officerEmail('association_admin', code));
    return {
      name,
      headers: session.headers,
      verdict: (a) => (a.door === 'public' ? 'open' : a.door === 'association' ? (a.roles.includes('association_admin') ? 'through' : 403) : 401),
    };
  }));
  return [anonymous, ...members, lapsedChurch, operatorOnChurchPaths, ...officers];
}

/**
 * Routes that are not procedures, each with where its callers are checked: a route added outside
 * the router must be listed here with its test, or the replay fails.
 */
const ROUTES_OF_THEIR_OWN: Record<string, string> = {
  ...Object.fromEntries(['GET', 'POST', 'PUT', 'DELETE'].map((method) => [`${method} /trpc/:path`, 'every procedure, replayed over tRPC above'])),
  ...Object.fromEntries(['GET', 'POST', 'PUT', 'DELETE'].map((method) => [`${method} /api/admin/trpc/:path`,
    'the console\'s procedures (operatorAuth, admin), the same as at /trpc; its cookie and CSRF token in tests/integration/operator-auth.test.ts'])),
  'POST /api/association/circulars/upload': 'tests/integration/circular-pdf.test.ts (no session, a church\'s session, an officer who may '
    + 'not publish, another association\'s section; nothing kept of a refused form)',
  'POST /api/gallery/upload': 'tests/integration/gallery.test.ts (roles, another church, limits), media-consent.test.ts (another church\'s children)',
  'GET /api/gallery/image/:filename': 'below, and tests/integration/gallery.test.ts (signed links)',
  'GET /api/exports/download/:token': 'tests/integration/family-export.test.ts (the token is the credential: used, replaced, expired and unknown links)',
  'GET /api/report-cards/:token': 'tests/integration/report-card-link.test.ts (the token is the credential: replaced, withdrawn, expired and unknown links)',
  'POST /api/payments/razorpay/webhook': 'tests/integration/payments.test.ts (signature over the raw body)',
  'POST /api/students/import/preview': 'tests/integration/student-import.test.ts (no session, roles, a teacher of another class, another church\'s class)',
  'GET /api/students/import/template': 'a public document (the template names no church)',
  'GET /api/openapi.json': 'a public document',
  'GET /api/docs': 'a public document',
  'GET /api/health': 'public, names no church',
  'GET /api/health/ready': 'public, names no church (tests/integration/metrics.test.ts)',
};

/** Every API route of the server as `METHOD /path` (HEAD, and methods tRPC answers itself, left out). */
const apiRoutes = () => registeredRoutes(app.server).filter((route) => /^\S+ \/(api|admin|trpc)\//.test(route));

interface Answer { status: number; text: string }
type Transport = (procedure: ProcedureInfo, input: unknown, headers: Record<string, string>) => Promise<Answer>;

const send = async (url: string, init: RequestInit): Promise<Answer> => {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
};

const viaRest: Transport = (procedure, input, headers) => {
  const rest = procedure.meta.rest!;
  const rest_input = { ...(input as Record<string, unknown> | undefined) };
  const path = rest.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(rest_input[name]);
    delete rest_input[name];
    return encodeURIComponent(value);
  });
  if (rest.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest_input).map(([k, v]) => [k, String(v)])).toString();
    return send(`${app.url}${path}${query ? `?${query}` : ''}`, { headers });
  }
  const hasBody = Object.keys(rest_input).length > 0;
  return send(app.url + path, {
    method: rest.method,
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    body: hasBody ? JSON.stringify(rest_input) : undefined,
  });
};

const viaTrpc: Transport = (procedure, input, headers) => {
  const url = `${app.url}/trpc/${procedure.procedurePath}`;
  if (procedure.type === 'query') {
    return send(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  }
  return send(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
};

/** Sign-outs last: they end the caller's session for the calls after them. */
const signOutsLast = (list: ProcedureInfo[]) =>
  [...list].sort((x, y) => Number(x.procedurePath.endsWith('.logout')) - Number(y.procedurePath.endsWith('.logout')));

async function replay(transport: Transport) {
  const problems: string[] = [];
  let letThrough = 0;
  for (const caller of await callers()) {
    for (const procedure of signOutsLast(procedures)) {
      const verdict = caller.verdict(procedure.meta.access!);
      if (verdict === 'skip') continue;
      const input = replayInput(procedure.procedurePath, procedure.input as z.ZodType | undefined, victim);
      const answer = await transport(procedure, input, caller.headers);
      const where = `${caller.name} -> ${procedure.procedurePath}: ${answer.status} ${answer.text.slice(0, 160)}`;
      // 503 is the clean answer for what this server has not configured (Google, payments).
      if (answer.status >= 500 && answer.status !== 503) problems.push(`5xx: ${where}`);
      else if (verdict === 'through' && answer.status === 401) problems.push(`refused, should be let through: ${where}`);
      else if (typeof verdict === 'number' && answer.status !== verdict) problems.push(`expected ${verdict}: ${where}`);
      if (verdict === 'through' && answer.status < 400) letThrough++;
      const sent = JSON.stringify(input ?? null);
      const leaked = victimMarkers.filter((value) => answer.text.includes(value) && !sent.includes(value));
      if (leaked.length > 0) problems.push(`church A's ${leaked.join(', ')} in ${where}`);
    }
  }
  return { problems, letThrough };
}

beforeAll(async () => {
  app = await startTestApp();
  procedures = proceduresOf(appRouter);
  const a = await churchWithRows(app.db);
  // A signed-in session of A, so that its sessions are in the snapshot too.
  await signIn(app.url, a.code, `principal@${a.code.toLowerCase()}.test`);
  victim = a.ids;
  leftCode = a.leftAssociationCode;
  yCode = (await createAssociation(app.db, ['association_admin'])).code;
  victimFile = a.mediaFile;
  // The PDF of A's association's circular, stored, holding A's id: a caller let through to it would
  // be answered A's id, which the replay looks for in every answer.
  await createLocalMediaStorage(app.config.UPLOADS_DIR).put(a.circularPdfKey, Readable.from([`%PDF-1.7\n% ${a.ids.church}\n`]), 'application/pdf');
  bCode = (await createChurch(app.db, { roles: [...ROLES] })).code;
  cCode = (await createChurch(app.db, { status: 'inactive', roles: ['super_admin'] })).code;
  snapshotBefore = await snapshotOf(app.db, victim.church);
  victimMarkers = markersOf(snapshotBefore, a.code);
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('two-tenant replay of every procedure', () => {
  it('states every procedure\'s access through its rung, and names a victim row for every id it takes', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(69);
    for (const procedure of procedures) {
      expect(procedure.meta.access, procedure.procedurePath).toBeDefined();
      // Throws for an id field that names no kind of row of church A.
      replayInput(procedure.procedurePath, procedure.input as z.ZodType | undefined, victim);
    }
  });

  it('makes samples that pass validation, so the probes reach the handlers', () => {
    const invalid = procedures.filter((procedure) => {
      const schema = procedure.input as z.ZodType | undefined;
      return schema && !schema.safeParse(replayInput(procedure.procedurePath, schema, victim)).success;
    }).map((p) => p.procedurePath);
    expect(invalid).toEqual([]);
  });

  it('over REST: every caller gets what its access says, and sees nothing of church A', async () => {
    const { problems, letThrough } = await replay(viaRest);
    expect(problems).toEqual([]);
    expect(letThrough).toBeGreaterThan(50);
  }, 300_000);

  it('over tRPC: the same', async () => {
    const { problems, letThrough } = await replay(viaTrpc);
    expect(problems).toEqual([]);
    expect(letThrough).toBeGreaterThan(50);
  }, 300_000);

  it('leaves no API route outside the replay: every other route is a public document or has its own isolation test', () => {
    const replayed = new Set(procedures.flatMap(({ meta }) => {
      const route = `${meta.rest!.method} ${meta.rest!.path.replace(/\{(\w+)\}/g, ':$1')}`;
      return route.includes(' /api/admin/') ? [route, route.replace(' /api/admin/', ' /admin/')] : [route];
    }));
    // Fastify prints one segment for routes that name its parameter differently (/api/churches/:id|:code/...): the
    // route is replayed when any of those names gives a replayed path.
    const namings = (route: string) => {
      const names = /:(\w+(?:\|:\w+)+)/.exec(route)?.[1].split('|:') ?? [];
      return names.length ? names.map((name) => route.replace(/:\w+(?:\|:\w+)+/, `:${name}`)) : [route];
    };
    const unlisted = apiRoutes().filter((route) => !namings(route).some((name) => replayed.has(name)) && !(route in ROUTES_OF_THEIR_OWN));
    expect(unlisted).toEqual([]);
  });

  it('refuses church A\'s gallery files to every other caller', async () => {
    const path = `/api/gallery/image/${victimFile}`;
    for (const caller of await callers()) {
      const res = await fetch(app.url + path, { headers: caller.headers });
      // A file of another church is not found for those who may see a gallery, refused to the rest.
      expect([401, 403, 404], `${caller.name}: ${res.status}`).toContain(res.status);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    for (const audience of ['m', 'g']) {
      const signed = await fetch(`${app.url}${path}?church=${victim.church}&expires=${Math.floor(Date.now() / 1000) + 600}&a=${audience}&signature=${'A'.repeat(43)}`);
      expect(signed.status).toBe(403);
    }
  });

  it('left every row of church A as it was', async () => {
    expect(await snapshotOf(app.db, victim.church)).toEqual(snapshotBefore);
  });
});
