import { childDataReads } from '../../../drizzle/schema/index.js';
import type { ChildData } from '../../core/child-data.js';

/** The access log of a child's sensitive data: never deleted, not part of the family's export. */
export const accessLogChildData: ChildData = {
  owner: 'access-log',
  tables: [{
    table: childDataReads,
    erasure: 'kept: the log is never deleted; its foreign key sets the child to null, so that the data was read is kept, not whose it was',
  }],
};
