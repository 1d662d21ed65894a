import type { ChurchRole } from '../../common/constants.js';
import type { CalendarDay } from '../../common/dates.js';
import type { Locale } from '../../common/i18n/locales.js';

/**
 * What a church scope carries of its church and its user, as the session answers them to the
 * client. Declared here, beside the scopes, so that the core names no module; the modules that
 * build them (churches' `toChurchDto`, users' `toSessionUserDto`, subscription's
 * `subscriptionValidity`) return these types.
 */

export type SubscriptionReason =
  | 'active' | 'free_trial' | 'lifetime'
  | 'pending_payment' | 'inactive' | 'suspended' | 'trial_ended' | 'expired';

/** Whether a church's subscription is valid now, and what the client shows of it. */
export interface SubscriptionValidity {
  valid: boolean;
  reason: SubscriptionReason;
  /** What the client shows beside the plan chooser. */
  message: string;
  /** Whole days left (ceiling), null when there is no end date. */
  days_left: number | null;
}

/** The church as church users see it, with its subscription validity and its current calendar day
 * (so a browser knows the church's today without loading time-zone data). */
export interface ChurchDto {
  id: string;
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  pincode: string | null;
  time_zone: string;
  calendar_day: Readonly<CalendarDay>;
  /** The language of its users who chose none. */
  default_language: Locale;
  subscription_tier: string;
  subscription_status: string;
  subscription_end_date: string | null;
  is_lifetime: boolean;
  subscription: SubscriptionValidity;
}

/** A church user as the church's screens show them. */
export interface UserDto {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: ChurchRole;
  is_active: boolean;
  is_church_owner: boolean;
}

/** The signed-in user as the session answers (sign-in, verify): with the language the church area
 * speaks to them, their own choice or else their church's default, and whether it is their own. */
export interface SessionUserDto extends UserDto {
  language: Locale;
  has_own_language: boolean;
}
