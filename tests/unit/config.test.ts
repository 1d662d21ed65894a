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

  it('refuses proxy ranges whose union covers every address, or more than four IPv4 /8s or IPv6 /32s', () => {
    const slash8s = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `${from + i}.0.0.0/8`).join(',');
    expect(() => loadConfig({ TRUST_PROXY: slash8s(256) })).toThrow(/TRUST_PROXY: the ranges together cover 100 % of all IPv4 addresses/);
    expect(() => loadConfig({ TRUST_PROXY: slash8s(5, 20) })).toThrow(/TRUST_PROXY: the ranges together cover 1.95 % of all IPv4 addresses.*at most four \/8s/);
    // An IPv6 range over ::ffff:0:0/96 trusts every IPv4 client (Fastify matches them as IPv4-mapped).
    expect(() => loadConfig({ TRUST_PROXY: '::/32' })).toThrow(/TRUST_PROXY: the ranges together cover 100 % of all IPv4 addresses/);
    const ipv6 = Array.from({ length: 5 }, (_, i) => `2001:db${8 + i}::/32`).join(',');
    expect(() => loadConfig({ TRUST_PROXY: ipv6 })).toThrow(/TRUST_PROXY: the ranges together cover more than four IPv6 \/32s/);
    // Four /8s, the same /8 named five times, the private ranges and the named ones pass.
    expect(loadConfig({ TRUST_PROXY: slash8s(4, 20) }).TRUST_PROXY).toHaveLength(4);
    expect(loadConfig({ TRUST_PROXY: Array(5).fill('10.0.0.0/8').join(',') }).TRUST_PROXY).toHaveLength(5);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,loopback,linklocal,uniquelocal' }).TRUST_PROXY).toHaveLength(7);
  });
});
