// The gallery's public surface. So far the storage of its files and the checks of an upload; the
// router, the tables and the screens come with the rest of the gallery.
export { createMediaStorage } from './storage/factory.js';
export { createLocalMediaStorage } from './storage/local.js';
export { createS3MediaStorage } from './storage/s3.js';
export { InvalidMediaKeyError, newMediaKey, RangeNotSatisfiableError, type MediaStorage } from './storage/media-storage.js';
export { assertMediaSize, detectMediaType } from './media-type.js';
export { makeImageVariants, THUMBNAIL_PX, WEB_COPY_PX } from './images.js';
