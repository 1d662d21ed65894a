// The users module's surface: the signed-in user as other modules see it.
export { toSessionUserDto } from './dto.js';
