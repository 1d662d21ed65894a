/** Tiers and statuses as the console shows them: an unknown tier is shown as free,
 * an unknown status (pending_payment among them) as inactive. */
const CONSOLE_TIERS = ['free', 'basic', 'premium', 'lifetime'] as const;
export const CONSOLE_STATUSES = ['active', 'inactive', 'suspended', 'trial'] as const;
export type ConsoleTier = (typeof CONSOLE_TIERS)[number];
export type ConsoleStatus = (typeof CONSOLE_STATUSES)[number];

const TIER_LABELS: Record<ConsoleTier, string> = { free: 'Free', basic: 'Basic', premium: 'Premium', lifetime: 'Lifetime' };
const TIER_COLORS: Record<ConsoleTier, string> = { free: 'gray', basic: 'blue', premium: 'violet', lifetime: 'yellow' };
const STATUS_LABELS: Record<ConsoleStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended', trial: 'Trial' };
const STATUS_COLORS: Record<ConsoleStatus, string> = { active: 'green', inactive: 'gray', suspended: 'red', trial: 'orange' };

export const consoleTier = (tier: string): ConsoleTier =>
  (CONSOLE_TIERS as readonly string[]).includes(tier) ? tier as ConsoleTier : 'free';
export const consoleStatus = (status: string): ConsoleStatus =>
  (CONSOLE_STATUSES as readonly string[]).includes(status) ? status as ConsoleStatus : 'inactive';

export const tierBadge = (tier: string) => ({ label: TIER_LABELS[consoleTier(tier)], color: TIER_COLORS[consoleTier(tier)] });
export const statusBadge = (status: string) => ({ label: STATUS_LABELS[consoleStatus(status)], color: STATUS_COLORS[consoleStatus(status)] });
export const tierOptions = CONSOLE_TIERS.map((value) => ({ value, label: TIER_LABELS[value] }));
export const statusOptions = CONSOLE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
