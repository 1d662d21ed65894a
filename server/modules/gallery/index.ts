// The gallery's public surface: its file routes for the app, the bounded line of photos for the
// services, and how it judges and copies a file (type, size, image copies); its router is wired in
// root.ts. Where its files are stored is the media-storage module's. Other modules (a family's
// export, a child's erasure) find the media a child is tagged in through mediaOfChild.
export { galleryFileRoutes } from './file-routes.js';
export { assertMediaSize, detectMediaType } from './media-type.js';
export { makeStoredImages, THUMBNAIL_PX, WEB_COPY_PX } from './images.js';
// A child's media, and what erasing the child does to the gallery (server/child-data.ts).
export { galleryChildData } from './child-data.js';
export { mediaOfChild } from './child-media.js';
