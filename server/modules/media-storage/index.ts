// The media storage module's surface: where uploaded files live (a folder or an S3 bucket, under
// server-made keys) and the signed addresses that reach them without a session. Used by the
// gallery, the operator console's media and the services.
export { createMediaStorage } from './factory.js';
export { createLocalMediaStorage } from './local.js';
export { createS3MediaStorage } from './s3.js';
export {
  InvalidMediaKeyError, isMediaKey, newMediaKey, RangeNotSatisfiableError, type ByteRange, type MediaStorage,
} from './media-storage.js';
export { createMediaUrlSigner, type MediaAudience, type MediaUrlSigner } from './signed-urls.js';
