import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { migratesAtStart } from '../../server/db/index.js';

// Safe defaults: production unless told otherwise; a demo server (demo church, test gateway, banner
// and ribbon) only on the embedded database with no configuration, turned off by DEMO=false.

describe('configuration defaults', () => {
  it('runs in production mode unless NODE_ENV=development', () => {
    expect(loadConfig({}).NODE_ENV).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });

  it('creates the demo church by default only on the embedded database', () => {
    expect(loadConfig({}).DEMO_SEED).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://owner@db/app' }).DEMO_SEED).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://owner@db/app', DEMO_SEED: 'true' }).DEMO_SEED).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('is a demo server by default on the embedded database only; DEMO turns it off or on, DEMO_SEED still decides the church alone', () => {
    const pg = { DATABASE_URL: 'postgres://owner@db/app' };
    const runtime = { DATABASE_TENANT_URL: 'postgres://t@db/app', DATABASE_PLATFORM_URL: 'postgres://p@db/app' };
    const demo = (env: Record<string, string>) => { const c = loadConfig(env); return [c.DEMO, c.DEMO_SEED]; };
    // [env, DEMO, DEMO_SEED]: the truth table of README, "The demo server".
    const table: [Record<string, string>, boolean, boolean][] = [
      [{}, true, true],
      [{ DEMO: 'false' }, false, false],
      [{ DEMO: '0' }, false, false],
      [{ DEMO: 'false', DEMO_SEED: 'true' }, false, true],
      [{ DEMO_SEED: 'false' }, true, false],
      [{ NODE_ENV: 'development' }, true, true],
      [pg, false, false],
      [{ ...pg, NODE_ENV: 'development' }, false, false],
      [runtime, false, false],
      [{ ...pg, DEMO: 'true' }, true, true],
      [{ ...pg, DEMO_SEED: 'true' }, false, true],
    ];
    for (const [env, isDemo, seeded] of table) expect(demo(env), JSON.stringify(env)).toEqual([isDemo, seeded]);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });

  it('takes the runtime logins in pairs, and migrates at start only when it knows the owner', () => {
    expect(() => loadConfig({ DATABASE_TENANT_URL: 'postgres://t@db/app' })).toThrow(/set both or neither/);
    const runtimeOnly = loadConfig({ DATABASE_TENANT_URL: 'postgres://t@db/app', DATABASE_PLATFORM_URL: 'postgres://p@db/app' });
    expect(migratesAtStart(runtimeOnly)).toBe(false);
    expect(runtimeOnly.DEMO_SEED).toBe(false);
    expect(migratesAtStart({ ...runtimeOnly, DATABASE_URL: 'postgres://owner@db/app' })).toBe(true);
    expect(migratesAtStart(loadConfig({}))).toBe(true);
  });

  it('trusts proxies only by hop count or by address, never all of them', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*hop count/);
  });

  it('refuses proxy ranges wide enough to add up to everyone (IPv4 under /8, IPv6 under /32)', () => {
    for (const everyone of ['0.0.0.0/1,128.0.0.0/1', '::/1,8000::/1', '10.0.0.0/7', '2001::/31', '10.0.0.0/254.0.0.0', '::ffff:0.0.0.0/97']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY.*too wide/);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });
});
