import type { RouterOutputs } from '../../../lib/trpc';
import { AUDIT_TEXTS } from './texts';

export type AuditEntry = RouterOutputs['admin']['auditLogs']['list'][number];

const detailOf = (details: unknown, key: string) =>
  details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>)[key] : undefined;
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Who made the entry. An operator's entries carry the operator (Admin #id: its id is a UUID, shown
 * by its first 8 characters, with its address); a church user's change and a payment carry no
 * operator but name the user in the details (server/modules/audit); an operator since removed
 * leaves its address in the details only.
 */
export function actorOf(entry: AuditEntry): { label: string; detail: string | null; title?: string } {
  if (entry.admin_id) return { label: `Admin #${entry.admin_id.slice(0, 8)}`, detail: entry.admin_email, title: entry.admin_id };
  const operatorEmail = textOf(detailOf(entry.details, 'by_operator_email'));
  if (operatorEmail) return { label: AUDIT_TEXTS.removedAdmin, detail: operatorEmail };
  if (textOf(detailOf(entry.details, 'by_user_id'))) {
    return { label: AUDIT_TEXTS.churchUser, detail: textOf(detailOf(entry.details, 'by_user_role')) };
  }
  return { label: AUDIT_TEXTS.system, detail: null };
}

/** The action's colour by its verb: create, update, delete, login and the others. */
export function actionColor(action: string): string {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  if (/^(created|registered|uploaded)$/.test(verb)) return 'green';
  if (/^(updated|upgraded|downgraded|paid|trial_extended)$/.test(verb)) return 'blue';
  if (/deleted|removed/.test(verb)) return 'red';
  if (/login|logged_in|signed_in/.test(verb)) return 'violet';
  return 'gray';
}

/** Details as the screen shows them: text as it is, anything else as indented JSON. */
export const detailsText = (details: unknown) =>
  (typeof details === 'string' ? details : JSON.stringify(details, null, 2));
