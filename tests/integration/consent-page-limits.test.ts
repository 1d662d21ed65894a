import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LINK_MAX_REQUESTS } from '../../common/consent.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { api, createClassWithStudents, type Json } from '../helpers/fixtures.js';
import { churchWithSessions } from '../helpers/church-session.js';

// The public consent page's limits with their defaults (CONSENT_MAX_PER_IP 20 per 15 minutes): a
// church's guardians answering their good links from one shared address all get through; unknown
// tokens from one address are refused after 20; one link takes at most CONSENT_LINK_MAX_REQUESTS.
// Every request of this file comes from the same address (the test process).

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 120_000);
afterAll(async () => { await app?.close(); });

const allYes = { confirms_parent: true, confirms_adult: true, enrolment: true, photos: true, messages: false };
const tokenOf = (url: string) => url.split('/consent/')[1];
const aToken = () => randomBytes(32).toString('base64url');

/** A church with `n` children of one class and a consent link for each child's guardian. */
async function linksOfChurch(n: number): Promise<string[]> {
  const a = await churchWithSessions(app, { roles: ['principal'] });
  const { students } = await createClassWithStudents(app.db, a.church.id, { students: n });
  const tokens: string[] = [];
  for (const child of students) {
    const [guardian] = (await a.s.principal.get(`/api/students/${child.id}/guardians`)).body.data as Json[];
    const link = await a.s.principal.post(`/api/students/${child.id}/consent-links`, { guardian_id: guardian.id });
    expect(link.status, link.body.message).toBe(201);
    tokens.push(tokenOf(link.body.data.url));
  }
  return tokens;
}

describe('the consent page\'s limits', () => {
  it('25 guardians answering good links from one address (a church\'s Wi-Fi) all succeed', async () => {
    const tokens = await linksOfChurch(25);
    for (const token of tokens) {
      const opened = await api(app.url, 'GET', `/api/consent/${token}`);
      expect(opened.status, opened.body.message).toBe(200);
      const answered = await api(app.url, 'POST', `/api/consent/${token}`, { body: allYes });
      expect(answered.status, answered.body.message).toBe(200);
    }
    // An answered link asked again (409) is no guess either.
    expect((await api(app.url, 'GET', `/api/consent/${tokens[0]}`)).status).toBe(409);
  }, 180_000);

  it(`one link takes ${CONSENT_LINK_MAX_REQUESTS} requests in 15 minutes, then 429; other links still open`, async () => {
    const [token, other] = await linksOfChurch(2);
    for (let i = 0; i < CONSENT_LINK_MAX_REQUESTS; i++) {
      expect((await api(app.url, 'GET', `/api/consent/${token}?lang=${i % 2 ? 'en' : 'ml'}`)).status).toBe(200);
    }
    const refused = await api(app.url, 'POST', `/api/consent/${token}`, { body: allYes });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await api(app.url, 'POST', `/api/consent/${other}`, { body: allYes })).status).toBe(200);
  }, 60_000);

  it('20 unknown tokens from one address are answered 404; the next try from it is a 429, whatever its token', async () => {
    const [good] = await linksOfChurch(1);
    for (let i = 0; i < 20; i++) {
      const res = await api(app.url, i % 2 ? 'GET' : 'POST', `/api/consent/${aToken()}`, i % 2 ? {} : { body: allYes });
      expect(res.status, res.body.message).toBe(404);
    }
    const refused = await api(app.url, 'GET', `/api/consent/${aToken()}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many consent page requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(app.url, 'GET', `/api/consent/${good}`)).status).toBe(429);
  });
});
