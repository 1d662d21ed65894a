import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { paymentTokens } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';

/**
 * The token a paid registration hands its browser: it lets that browser create and verify the new
 * church's payment without a session, for `ttlMinutes`. Issued inside the registration's platform
 * transaction, which also removes every expired token (the tenant role may not write them).
 */
export async function issuePaymentToken(tx: Tx, churchId: string, ttlMinutes: number): Promise<string> {
  const token = newOpaqueToken();
  const now = Date.now();
  await tx.delete(paymentTokens).where(lt(paymentTokens.expiresAt, new Date(now)));
  await tx.insert(paymentTokens).values({
    churchId, tokenHash: hashToken(token), expiresAt: new Date(now + ttlMinutes * 60_000),
  });
  return token;
}

/**
 * What `token` is for the church of the transaction (row-level security limits the lookup to it):
 * `live`, `spent` once the church's payment was made (it may then only read where its orders
 * stand), or null when unknown or expired. Read only: the tenant role cannot write tokens.
 */
export async function paymentTokenState(tx: Tx, churchId: string, token: string): Promise<'live' | 'spent' | null> {
  const [row] = await tx.select({ consumedAt: paymentTokens.consumedAt }).from(paymentTokens).where(and(
    eq(paymentTokens.churchId, churchId), eq(paymentTokens.tokenHash, hashToken(token)), gt(paymentTokens.expiresAt, new Date()),
  ));
  if (!row) return null;
  return row.consumedAt ? 'spent' : 'live';
}

/** Spends every payment token of the church: called in the platform transaction that records its payment. */
export async function consumePaymentTokens(tx: Tx, churchId: string, at: Date): Promise<void> {
  await tx.update(paymentTokens).set({ consumedAt: at })
    .where(and(eq(paymentTokens.churchId, churchId), isNull(paymentTokens.consumedAt)));
}
