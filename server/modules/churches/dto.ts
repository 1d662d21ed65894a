import type { churches } from '../../../drizzle/schema/index.js';
import { calendarDayIn } from '../../../common/dates.js';
import type { ChurchDto } from '../../core/scope-dtos.js';
import { subscriptionValidity } from '../subscription/index.js';

type ChurchRow = typeof churches.$inferSelect;

/** What the church's DTO (ChurchDto, server/core/scope-dtos.ts) is made of. */
export type ChurchFields = Pick<ChurchRow, 'id' | 'code' | 'name' | 'email' | 'phone' | 'address' | 'pincode' | 'timeZone' | 'defaultLanguage'
  | 'subscriptionTier' | 'subscriptionStatus' | 'subscriptionEndDate' | 'isLifetime'>;

/** The church as church users see it (the type is declared in the core, which the scopes carry). */
export function toChurchDto(church: ChurchFields, now = new Date()): ChurchDto {
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
export type { ChurchDto };
