/** Shown where a screen (or a part fetched on demand) could not be downloaded. */
export const SCREEN_LOAD_FAILED = 'This screen could not be loaded. Check your connection and try again.';
