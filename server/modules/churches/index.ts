// The churches module's surface: the church as other modules see it, the code lookup.
export { toChurchDto } from './dto.js';
export { loadChurch } from './queries.js';
export { createChurchDirectory, type ChurchDirectory } from './directory.js';
