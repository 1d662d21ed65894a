import type { CalendarDay } from '../../../common/dates';
import { isCalendarDate } from '../../../common/school';

/**
 * The stored sign-in of this browser: the opaque session token and the code it was made with (a
 * church's, or an association's for an officer), kept in localStorage so a reload restores the
 * session. It is an external store: the tRPC link reads it for its headers and React subscribes to
 * it through useSyncExternalStore.
 */
export interface StoredCredentials {
  token: string;
  churchCode: string;
}

/** Whose session is stored: a church user's (the default, and what a sign-in stored before
 * associations existed is) or an association officer's. */
export type SessionKind = 'church' | 'association';
export interface StoredSession extends StoredCredentials {
  kind: SessionKind;
}

const TOKEN_KEY = 'sundayschool.session.token';
const CODE_KEY = 'sundayschool.session.churchCode';
const KIND_KEY = 'sundayschool.session.kind';
/** The church's calendar day as of the last verified session: lets a page load work out the
 * church's today before the session check answers (a guess the screen checks; never a credential). */
const CHURCH_DAY_KEY = 'sundayschool.session.churchDay';

type Listener = () => void;
const listeners = new Set<Listener>();
const externalListeners = new Set<Listener>();

function readStorage(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const churchCode = localStorage.getItem(CODE_KEY);
    const kind: SessionKind = localStorage.getItem(KIND_KEY) === 'association' ? 'association' : 'church';
    return token && churchCode ? { token, churchCode, kind } : null;
  } catch {
    return null; // storage disabled: the session lasts as long as the page
  }
}

let current: StoredSession | null = readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/** The stored church session; null when none is stored or the stored one is an officer's (the church's
 * screens, the offline store and the church's downloads never use an association's session). */
export function getCredentials(): StoredCredentials | null {
  return current?.kind === 'church' ? current : null;
}

/** The stored association officer's session; null when none is stored or the stored one is a church's. */
export function getAssociationCredentials(): StoredCredentials | null {
  return current?.kind === 'association' ? current : null;
}

/** The stored session of either kind: what the tRPC link sends, and what a 401 forgets. */
export function getStoredSession(): StoredSession | null {
  return current;
}

/** Stores a sign-in; a church's unless `kind` says otherwise. */
export function saveCredentials(credentials: StoredCredentials & { kind?: SessionKind }) {
  current = { token: credentials.token, churchCode: credentials.churchCode, kind: credentials.kind ?? 'church' };
  try {
    localStorage.setItem(TOKEN_KEY, current.token);
    localStorage.setItem(CODE_KEY, current.churchCode);
    if (current.kind === 'association') localStorage.setItem(KIND_KEY, 'association');
    else localStorage.removeItem(KIND_KEY);
  } catch {
    // keep the in-memory copy only
  }
  emit();
}

export function clearCredentials() {
  if (!current && !readStorage()) return;
  current = null;
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(CODE_KEY);
    localStorage.removeItem(KIND_KEY);
    localStorage.removeItem(CHURCH_DAY_KEY);
  } catch {
    // nothing stored
  }
  emit();
}

export function rememberChurchDay(day: CalendarDay) {
  try {
    localStorage.setItem(CHURCH_DAY_KEY, JSON.stringify(day));
  } catch {
    // a guess only: without it the page load waits for the session check
  }
}

/** The church's calendar day stored at the last verified session; null when unknown or unreadable. */
export function lastChurchDay(): CalendarDay | null {
  try {
    const day = JSON.parse(localStorage.getItem(CHURCH_DAY_KEY) ?? 'null') as Partial<CalendarDay> | null;
    const valid = day && typeof day.date === 'string' && typeof day.starts_at === 'string' && typeof day.ends_at === 'string'
      && isCalendarDate(day.date) && !Number.isNaN(Date.parse(day.starts_at));
    return valid ? day as CalendarDay : null;
  } catch {
    return null;
  }
}

export function subscribeCredentials(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called when another tab signed in or out: what this tab cached belongs to another session. */
export function onCredentialsChangedElsewhere(listener: Listener) {
  externalListeners.add(listener);
  return () => {
    externalListeners.delete(listener);
  };
}

// Signing in or out in another tab changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== TOKEN_KEY && event.key !== CODE_KEY && event.key !== KIND_KEY) return;
    const next = readStorage();
    if (next?.token === current?.token && next?.churchCode === current?.churchCode && next?.kind === current?.kind) return;
    current = next;
    for (const listener of externalListeners) listener();
    emit();
  });
}
