import type { Database, Tx } from '../db/index.js';
import type { ChurchScope } from '../core/scopes.js';

/** What a link's lookup finds of it by its token's hash: at least the church it belongs to. */
interface LinkRow { churchId: string }

/** Inside a link's church: its tenant transaction, the church, and the link's row as it was found. */
type LinkScope<Link extends LinkRow> = ChurchScope & { link: Link };

/** A link found by its token: its row, and the way into its church. */
export interface FoundLink<Link extends LinkRow> {
  link: Link;
  /** Runs `work` in one tenant transaction of the link's church (rolled back if `work` fails). */
  enter<T>(work: (scope: LinkScope<Link>) => Promise<T>): Promise<T>;
}

/**
 * The way in of a one-time link: a guardian's consent link, a family export's download, a password
 * reset; and of a certificate's verification code (public, printed on it: the lookup is by the code
 * itself, nothing is spent). The token is the caller's only credential and it alone says which church it belongs to, so
 * `find` reads the link's row by the token's SHA-256 through the platform door (across churches, by
 * the hash alone); everything else happens in that church's tenant transaction (`enter`), where the
 * link is checked and spent (one conditional UPDATE: a second use at once waits on the row and finds
 * it spent). Answers undefined when no link has the token: the caller refuses it in its own words.
 * Between finding and entering the caller may do what needs no transaction (count a try, hash a
 * password), so no connection is held meanwhile.
 */
export async function findLink<Link extends LinkRow>(
  db: Database, tokenHash: string, find: (platformTx: Tx, tokenHash: string) => Promise<Link | undefined>,
): Promise<FoundLink<Link> | undefined> {
  const link = await db.withPlatform((tx) => find(tx, tokenHash));
  if (!link) return undefined;
  const church = { id: link.churchId };
  return { link, enter: (work) => db.withTenant(church.id, (tx) => work({ tx, church, link })) };
}

/** What an association's link's lookup finds of it by its token's hash: at least its association. */
interface AssociationLinkRow { associationId: string }

/** An association's link found by its token: its row, and the way into its association. */
export interface FoundAssociationLink<Link extends AssociationLinkRow> {
  link: Link;
  /** Runs `work` in one transaction of the link's association as app_association (rolled back if
   * `work` fails): row-level security keeps it to that association's rows. */
  enter<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * The same way in for a one-time link of an association (an officer's password reset): found by
 * its token's hash through the platform door, then checked and spent in its association's own
 * transaction, where nothing of a church or of another association is within reach.
 */
export async function findAssociationLink<Link extends AssociationLinkRow>(
  db: Database, tokenHash: string, find: (platformTx: Tx, tokenHash: string) => Promise<Link | undefined>,
): Promise<FoundAssociationLink<Link> | undefined> {
  const link = await db.withPlatform((tx) => find(tx, tokenHash));
  if (!link) return undefined;
  return { link, enter: (work) => db.withAssociation(link.associationId, work) };
}
