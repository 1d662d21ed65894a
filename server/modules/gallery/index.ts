// The gallery's public surface: its file routes and the storage of its files, for the app and the
// services; its router is wired in root.ts.
export { registerGalleryFileRoutes } from './file-routes.js';
export { galleryFileRoutesDoc } from './openapi.js';
export { createMediaUrlSigner, type MediaUrlSigner } from './signed-urls.js';
export { createMediaStorage } from './storage/factory.js';
export { createLocalMediaStorage } from './storage/local.js';
export { createS3MediaStorage } from './storage/s3.js';
export { InvalidMediaKeyError, newMediaKey, RangeNotSatisfiableError, type MediaStorage } from './storage/media-storage.js';
export { assertMediaSize, detectMediaType } from './media-type.js';
export { makeStoredImages, THUMBNAIL_PX, WEB_COPY_PX } from './images.js';
export { createImageQueue } from './image-queue.js';
