import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { migratesAtStart } from '../../server/db/index.js';

// Safe defaults: production unless told otherwise; the demo church only on the embedded database
// (the evaluation path) unless DEMO_SEED says so.

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
