import { DEMO_SERVER_RIBBON } from '../../../common/constants.js';

export interface DemoBannerFacts {
  /** The demo church, when this server has one: its code, public password and sign-ins. */
  church?: { code: string; password: string; users: { role: string; email: string }[] };
  /** Whether payments are simulated (the offline test gateway is on). */
  simulatedPayments: boolean;
}

/**
 * The one loud block a demo server prints at start: a framed box, so that nobody mistakes it for a
 * real deployment in the scroll of a terminal or a service's log. It names what is public, what is
 * simulated, where the operator console signs in and the variable that turns it off. Printed once
 * per start, by the serving process (server/prepare-database.ts answers it, server/main.ts prints it).
 */
export function demoServerBanner({ church, simulatedPayments }: DemoBannerFacts): string {
  const lines = [
    'DEMO SERVER: do not keep a real church\'s data here.',
    '',
    ...(church ? [
      `Demo church ${church.code}; its passwords are public. Password ${church.password}:`,
      ...church.users.map((u) => `  ${u.role.padEnd(12)} ${u.email}`),
    ] : []),
    ...(simulatedPayments
      ? ['Payments are simulated: the offline test gateway activates a paid plan', 'without any payment.']
      : ['Payments are not simulated here (Razorpay keys, or no gateway).']),
    'Operator console: sign in at /admin-login',
    '  (an operator account is made with npm run admin:create).',
    'Every page shows the ribbon:',
    `  "${DEMO_SERVER_RIBBON}"`,
    '',
    'For a real deployment set DEMO=false (README, "The demo server").',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `  ${'#'.repeat(width + 8)}`;
  return [rule, ...lines.map((line) => `  ##  ${line.padEnd(width)}  ##`), rule].join('\n');
}
