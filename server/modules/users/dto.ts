import type { users } from '../../../drizzle/schema/index.js';
import type { ChurchRole } from '../../../common/constants.js';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'isActive' | 'isChurchOwner'>) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role as ChurchRole,
    is_active: user.isActive,
    is_church_owner: user.isChurchOwner,
  };
}
export type UserDto = ReturnType<typeof toUserDto>;
