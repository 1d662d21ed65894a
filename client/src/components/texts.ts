/**
 * Shown where a screen (or a part fetched on demand) could not be downloaded: the English of the
 * catalogue's `common.screenLoadFailed`, which the screens show; kept for the tests that look for it
 * (the catalogue test checks the two are equal).
 */
export const SCREEN_LOAD_FAILED = 'This screen could not be loaded. Check your connection and try again.';
