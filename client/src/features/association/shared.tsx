import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { OfficerCapability } from '../../../../common/associations';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { formatMomentIn } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useOfficerCan } from './useAssociationSession';

export type MemberChurch = RouterOutputs['association']['members'][number];
export type Section = RouterOutputs['association']['sections'][number];
export type Circular = RouterOutputs['association']['circulars'][number];

/** A screen of the area opens only for the officers whose role holds its capability; others go to the dashboard. */
export function RequireOfficerCapability({ capability, children }: { capability: OfficerCapability; children: ReactNode }) {
  if (!useOfficerCan(capability)) return <Navigate to={ASSOCIATION_PATH} replace />;
  return children;
}

/** An instant of the server's as the reader's language says it (a time alone when it is today). */
export function useMoment() {
  const language = useLanguage();
  return (iso: string) => formatMomentIn(language, Date.parse(iso));
}

/** After a change of members or sections, the lists (and the dashboard's counts) are asked again. */
export function useInvalidateAssociation() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.association.members.invalidate(), utils.association.sections.invalidate(), utils.association.circulars.invalidate()]);
}
