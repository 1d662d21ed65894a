import { and, eq, gt, lt } from 'drizzle-orm';
import { paymentTokens } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../auth/index.js';

/**
 * The token a paid registration hands its browser: it lets that browser create and verify the new
 * church's payment without a session, for `ttlMinutes`. Issued inside the registration's transaction.
 */
export async function issuePaymentToken(tx: Tx, churchId: string, ttlMinutes: number): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(paymentTokens).values({
    churchId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return token;
}

/** Whether `token` is a live payment token of the church of the transaction (row-level security
 * limits the lookup to it). Expired tokens of the church are deleted on the way. */
export async function isLivePaymentToken(tx: Tx, churchId: string, token: string): Promise<boolean> {
  const now = new Date();
  await tx.delete(paymentTokens).where(and(eq(paymentTokens.churchId, churchId), lt(paymentTokens.expiresAt, now)));
  const [row] = await tx.select({ id: paymentTokens.id }).from(paymentTokens).where(and(
    eq(paymentTokens.churchId, churchId), eq(paymentTokens.tokenHash, hashToken(token)), gt(paymentTokens.expiresAt, now),
  ));
  return Boolean(row);
}
