import type { churches } from '../../../drizzle/schema/index.js';
import { calendarDayIn } from '../../../common/dates.js';
import { subscriptionValidity } from '../subscription/index.js';

type ChurchRow = typeof churches.$inferSelect;

/**
 * The church as church users see it, with its subscription validity and its current
 * calendar day (so a browser knows the church's today without loading time-zone data).
 */
export type ChurchFields = Pick<ChurchRow, 'id' | 'code' | 'name' | 'email' | 'phone' | 'address' | 'pincode' | 'timeZone' | 'defaultLanguage'
  | 'subscriptionTier' | 'subscriptionStatus' | 'subscriptionEndDate' | 'isLifetime'>;

export function toChurchDto(church: ChurchFields, now = new Date()) {
  return {
    id: church.id,
    code: church.code,
    name: church.name,
    email: church.email,
    phone: church.phone,
    address: church.address,
    pincode: church.pincode,
    time_zone: church.timeZone,
    calendar_day: calendarDayIn(church.timeZone, now),
    /** The language of its users who chose none. */
    default_language: church.defaultLanguage,
    subscription_tier: church.subscriptionTier,
    subscription_status: church.subscriptionStatus,
    subscription_end_date: church.subscriptionEndDate?.toISOString() ?? null,
    is_lifetime: church.isLifetime,
    subscription: subscriptionValidity(church, now),
  };
}
export type ChurchDto = ReturnType<typeof toChurchDto>;
