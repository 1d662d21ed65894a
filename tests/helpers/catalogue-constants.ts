import type { MessageId } from '../../common/i18n/areas.js';

/**
 * Catalogue messages whose English is also a constant of common/ (`MESSAGES`, `*_MESSAGES`): the
 * server sends the constant and tests compare it, while the client shows the catalogue's message, so
 * the two English texts must stay equal. Each pair: the catalogue id, the constant's English (the
 * constant itself, imported, never a copy of its text), and where the constant lives (for the
 * failure message). A screen converted to the catalogue adds its pairs here.
 */
export type CataloguePair = { id: MessageId; constant: string; where: string };

export const CATALOGUE_CONSTANTS: CataloguePair[] = [];
