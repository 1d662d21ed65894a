import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileCatalogue, type ArbFile } from '../../common/i18n/compile.js';
import { planLimitMessage, planLimitValues } from '../../server/modules/subscription/limits.js';

/**
 * A plan_limit refusal carries its English message and the values it was made of; the client says
 * it from the catalogue's `common.planLimit` with those values. In English that must be the server's
 * message word for word, for every resource, a limit of one and of several, and a plan name with and
 * without "Plan".
 */
describe('the plan-limit refusal in the catalogue', () => {
  const arb = JSON.parse(readFileSync(new URL('../../common/i18n/catalogues/common/en.json', import.meta.url), 'utf8')) as ArbFile;
  const english = setupI18n({ locale: 'en', messages: { en: compileCatalogue(arb) } });
  const cases = (['principals', 'teachers', 'students', 'classes'] as const).flatMap((resource) =>
    [1, 3].flatMap((limit) => [{ name: 'Free Trial', tier: 'free' }, { name: 'Basic Plan', tier: 'basic' }].map((plan) => ({ resource, limit, plan }))));

  it.each(cases)('$resource, $limit, $plan.name', ({ resource, limit, plan }) => {
    expect(english._('common.planLimit', planLimitValues(plan, limit, resource))).toBe(planLimitMessage(plan.name, limit, resource));
  });

  it('names the resource in a translation (Malayalam)', () => {
    const ml = JSON.parse(readFileSync(new URL('../../common/i18n/catalogues/common/ml.json', import.meta.url), 'utf8')) as ArbFile;
    const malayalam = setupI18n({ locale: 'ml', messages: { ml: compileCatalogue(ml) } });
    const text = malayalam._('common.planLimit', { ...planLimitValues({ name: 'Free Trial', tier: 'free' }, 5, 'students'), plan: 'സൗജന്യ ട്രയൽ' });
    expect(text).toContain('സൗജന്യ ട്രയൽ');
    expect(text).toContain('5 വിദ്യാർത്ഥികൾ');
    expect(text).not.toMatch(/[A-Za-z]/);
  });
});
