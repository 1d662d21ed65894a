import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { operatorRecoveryCodes } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { hashToken } from '../credentials/index.js';

/** Ten codes of 10 characters from 32 unambiguous ones (50 bits each), shown as XXXXX-XXXXX.
 * Their SHA-256 is enough: they are random, and guesses go through the sign-in limiter. */
const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUP = 5;

const normalize = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const looksLikeRecoveryCode = (code: string) => new RegExp(`^[${ALPHABET}]{${GROUP * 2}}$`).test(normalize(code));

function newRecoveryCode(): string {
  const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`;
}

/** Replaces every recovery code of the operator with fresh ones and answers them (shown once). */
export async function replaceRecoveryCodes(tx: Tx, operatorId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
  await tx.insert(operatorRecoveryCodes).values(codes.map((code) => ({ operatorId, codeHash: hashToken(normalize(code)) })));
  return codes;
}

/** Spends one unused recovery code of the operator: one conditional UPDATE, so a code works once
 * even when two sign-ins race with it. */
export async function spendRecoveryCode(tx: Tx, operatorId: string, code: string): Promise<boolean> {
  const spent = await tx.update(operatorRecoveryCodes).set({ usedAt: new Date() }).where(and(
    eq(operatorRecoveryCodes.operatorId, operatorId),
    eq(operatorRecoveryCodes.codeHash, hashToken(normalize(code))),
    isNull(operatorRecoveryCodes.usedAt),
  )).returning({ id: operatorRecoveryCodes.id });
  return spent.length === 1;
}
