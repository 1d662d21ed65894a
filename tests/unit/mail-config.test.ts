import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

// Mail settings: SMTP by URL or by host (never both), credentials in pairs, a From address and an
// outbox folder even when nothing is set.

describe('mail configuration', () => {
  it('has an outbox and a From address when nothing is set', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SMTP_HOST).toBeUndefined();
    expect(config.MAIL_OUTBOX_DIR).toBe('./data/outbox');
    expect(config.MAIL_FROM).toBe('Sunday School <no-reply@localhost>');
    expect(loadConfig({ PUBLIC_URL: 'https://school.example.org' }).MAIL_FROM).toBe('Sunday School <no-reply@school.example.org>');
    expect(loadConfig({ MAIL_FROM: 'Parish <office@parish.example.org>' }).MAIL_FROM).toBe('Parish <office@parish.example.org>');
  });

  it('takes an smtp:// or smtps:// URL, or a host, not both', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example.org:465' }).SMTP_URL).toBe('smtps://user:secret@smtp.example.org:465');
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.org' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://a.example.org', SMTP_HOST: 'b.example.org' })).toThrow(/one or the other/);
    const byHost = loadConfig({ SMTP_HOST: 'smtp.example.org', SMTP_PORT: '465', SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASSWORD: 'p' });
    expect(byHost).toMatchObject({ SMTP_HOST: 'smtp.example.org', SMTP_PORT: 465, SMTP_SECURE: true });
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.org', SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
  });
});
