import type { AccessLogKind } from '../../../../../common/schemas/privacy';

/** A church's access log in the console: its texts, in one place for the modal and its tests. */
export const ACCESS_LOG_TEXTS = {
  open: 'Access Log',
  title: (church: string) => `Access Log - ${church}`,
  intro: 'Every read of a child\'s medical note, family export or consent records in this church, newest first. '
    + 'Opening this log is itself recorded in the audit log.',
  kind: 'Kind',
  allKinds: 'All Kinds',
  when: 'When',
  child: 'Child',
  reader: 'Read By',
  erasedChild: 'Erased child',
  loading: 'Loading the access log',
  failed: 'The access log could not be loaded.',
  empty: 'No reads of children\'s data recorded.',
  emptyFiltered: 'No reads of this kind recorded.',
  close: 'Close',
} as const;

/** The kinds of read, in the server's order; a Record, so a new kind must be named here. */
export const ACCESS_LOG_KIND_LABELS: Record<AccessLogKind, string> = {
  medical_note: 'Medical note',
  export: 'Family export',
  consent_records: 'Consent records',
  safety_card: 'Safety card',
  guardians: 'Guardians',
  pickups: 'Authorised pickups',
  consent_form: 'Consent form',
  follow_up: 'Follow-up list',
  report_card: 'Report card (guardian\'s link)',
};

export const ACCESS_LOG_KINDS = Object.keys(ACCESS_LOG_KIND_LABELS) as AccessLogKind[];

/** The kind of the filter's value: one of the kinds, or none (All Kinds). */
export const accessLogKind = (value: string): AccessLogKind | undefined =>
  (ACCESS_LOG_KINDS as readonly string[]).includes(value) ? value as AccessLogKind : undefined;

/** A kind as the log shows it; a kind this console does not know yet, as the server names it. */
export const accessLogKindLabel = (value: string) => {
  const kind = accessLogKind(value);
  return kind ? ACCESS_LOG_KIND_LABELS[kind] : value;
};
