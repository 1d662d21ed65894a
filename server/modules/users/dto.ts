import type { users } from '../../../drizzle/schema/index.js';
import type { ChurchRole } from '../../../common/constants.js';
import type { SessionUserDto, UserDto } from '../../core/scope-dtos.js';
import type { Locale } from '../../../common/i18n/locales.js';

export type UserRow = typeof users.$inferSelect;
export interface UserClassRow { id: string; teacherId: string | null; className: string; section: string; academicYear: string }

function toUserDto(user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'isActive' | 'isChurchOwner'>): UserDto {
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
export type { SessionUserDto, UserDto };

/** The signed-in user as the session answers (sign-in, verify): with the language the church area
 * speaks to them, their own choice or else their church's default, and whether it is their own (a
 * user who chose none yet keeps the language their browser chose: the client saves it as theirs). */
export const toSessionUserDto = (
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'isActive' | 'isChurchOwner' | 'language'>,
  churchLanguage: Locale,
): SessionUserDto => ({ ...toUserDto(user), language: user.language ?? churchLanguage, has_own_language: user.language !== null });

/** A class as the user screens list it (id, class_name, section), with its year. */
export const toUserClassDto = (row: UserClassRow) => ({
  id: row.id, class_name: row.className, section: row.section, academic_year: row.academicYear,
});

/** A user as Teacher and User Management show them; the password hash never leaves the server.
 * `signs_in_with_google`: a Gmail account, which has no password. */
export const toManagedUserDto = (row: UserRow, classRows: UserClassRow[] = []) => ({
  ...toUserDto(row),
  signs_in_with_google: row.passwordHash === null,
  created_at: row.createdAt.toISOString(),
  classes: classRows.map(toUserClassDto),
});
export type ManagedUserDto = ReturnType<typeof toManagedUserDto>;
