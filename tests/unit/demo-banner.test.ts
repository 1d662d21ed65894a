import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_RIBBON } from '../../common/constants.js';
import { demoServerBanner } from '../../server/modules/demo/index.js';

// A demo server says so at start in one framed block: the public passwords, the simulated payments
// and how to turn it off.

describe('the demo server banner', () => {
  const church = { code: 'DEMO01', password: 'demo-password-123', users: [{ role: 'super_admin', email: 'superadmin@demo01.example' }] };

  it('is one framed block naming the demo church, its password, the simulated payments, the address of the console and DEMO=false', () => {
    const banner = demoServerBanner({ church, simulatedPayments: true });
    const lines = banner.split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines[0]).toMatch(/^ {2}#{20,}$/);
    expect(lines.at(-1)).toBe(lines[0]);
    // Every line of the frame is as wide as its top and bottom.
    for (const line of lines) expect(line.length, line).toBe(lines[0].length);
    expect(lines[0].length).toBeLessThanOrEqual(90); // readable in a terminal of common width
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^ {2}## {2}.* {2}##$/);
    expect(banner).toContain('DEMO SERVER');
    expect(banner).toContain('Demo church DEMO01; its passwords are public. Password demo-password-123:');
    expect(banner).toContain('superadmin@demo01.example');
    expect(banner).toContain('Payments are simulated');
    expect(banner).toContain(DEMO_SERVER_RIBBON);
    expect(banner).toContain('Operator console: sign in at /admin-login');
    expect(banner).toContain('npm run admin:create');
    expect(banner).toContain('DEMO=false');
  });

  it('does not claim simulated payments or a demo church it does not have', () => {
    const banner = demoServerBanner({ simulatedPayments: false });
    expect(banner).not.toContain('Payments are simulated');
    expect(banner).not.toContain('Demo church');
    expect(banner).toContain('DEMO=false');
  });
});
