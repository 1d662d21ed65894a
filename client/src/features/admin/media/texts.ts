import type { AdminMediaType } from '../../../../../common/schemas/admin-people';

/** Media Library's texts, in one place for the screen and its tests. */
export const MEDIA_TEXTS = {
  title: 'Media Library',
  listFailed: 'The media could not be loaded.',
  noMedia: 'No media files found',
  noMediaFiltered: 'Try adjusting your filters',
  noMediaYet: 'No media has been uploaded yet',
  allTypes: 'All Types',
  unknownSize: 'Unknown size',
  view: 'View',
  details: 'Details',
  delete: 'Delete',
  detailsTitle: 'Media Details',
  detailsFailed: 'Failed to load media details: ',
  detailsFailedGeneric: 'Failed to load media details. Please check console for details.',
  noPreview: 'No preview available',
  previewUnsupported: 'Preview not available for this file type',
  deleteMedia: 'Delete Media',
  openImage: 'Open Image',
  noViewableUrl: 'No viewable URL available for this media file',
  close: 'Close',
  deleteTitle: 'Delete media',
  deleteQuestion: (filename: string) => `Delete ${filename}? Its stored files are removed too. This cannot be undone.`,
  deleted: 'Media deleted successfully!',
  deleteFailed: 'Failed to delete media: ',
  deleteFailedGeneric: 'Please try again.',
} as const;

/** The type filter: All Types, then the three kinds the server tells apart by MIME type. */
export const MEDIA_TYPES = ['image', 'video', 'document'] as const satisfies readonly AdminMediaType[];
const TYPE_LABELS: Record<AdminMediaType, string> = { image: 'Images', video: 'Videos', document: 'Documents' };
export const TYPE_FILTER = [
  { value: '', label: MEDIA_TEXTS.allTypes },
  ...MEDIA_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
];
