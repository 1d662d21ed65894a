import { describe, expect, it } from 'vitest';
import { appRouter } from '../../server/root.js';
import { proceduresOf } from '../../server/rest/routes.js';
import { CAPABILITIES, UNBATCHED_PROCEDURES, can, type Capability } from '../../common/permissions.js';

const procedures = proceduresOf(appRouter);

describe('the permission table', () => {
  it('the client sends alone exactly the procedures the server refuses in a batch', () => {
    const unbatched = procedures
      .filter(({ meta }) => meta.access?.door === 'public' && meta.access.unbatched)
      .map(({ procedurePath }) => procedurePath);
    expect([...unbatched].sort()).toEqual([...UNBATCHED_PROCEDURES].sort());
  });

  it('every role-limited church procedure takes its roles from a capability of the table', () => {
    const limited = procedures.filter(({ meta }) => meta.access?.door === 'church' && meta.access.roles.length < 4);
    expect(limited.length).toBeGreaterThan(10);
    for (const { procedurePath, meta } of limited) {
      const access = meta.access!;
      if (access.door !== 'church') continue;
      expect(access.capability, procedurePath).toBeDefined();
      expect(access.roles, procedurePath).toEqual(CAPABILITIES[access.capability!]);
    }
  });

  it('every capability of the table is asked for by some procedure or screen rule', () => {
    const asked = new Set(procedures.flatMap(({ meta }) =>
      meta.access?.door === 'church' && meta.access.capability ? [meta.access.capability] : []));
    // Asked outside a procedure's rung: the payer rung (managePlan) and the gallery's file routes
    // (viewMedia, manageMedia are also rungs).
    const elsewhere: Capability[] = ['managePlan'];
    for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
      expect(asked.has(capability) || elsewhere.includes(capability), capability).toBe(true);
    }
  });

  it('a guest only looks at the gallery; no capability without a role', () => {
    const guestHolds = (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can('guest', c));
    expect(guestHolds).toEqual(['viewMedia']);
    expect(can(undefined, 'viewMedia')).toBe(false);
  });
});
