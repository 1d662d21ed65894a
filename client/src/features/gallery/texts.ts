/** The gallery screens' own words; the rules' messages (limits, refusals) are in common/media-limits.ts. */
export const GALLERY_TEXT = {
  title: 'Media Gallery',
  intro: 'Photos, videos and documents of the church, newest first.',
  uploadMedia: 'Upload Media',
  clearFilters: 'Clear Filters',
  allYears: 'All years',
  allMonths: 'All months',
  allDepartments: 'All departments',
  loading: 'Loading media',
  loadFailed: 'Failed to load the gallery',
  departmentsLoadFailed: 'Failed to load the departments',
  /** When the server could not be reached at all, in place of its message. */
  unreachable: 'The server could not be reached.',
  imageUnavailable: 'Image unavailable',
  video: 'Video',
  pdf: 'PDF document',
  openPdf: 'Open PDF',
  deleteTitle: 'Delete media',
  // The upload modal
  uploadTitle: 'Upload Media',
  dropTitle: 'Drag photos, videos or PDFs here, or click to choose',
  dropHint: (imageMb: number, pdfMb: number, videoMb: number) =>
    `Images up to ${imageMb} MB (larger photos are made smaller first), PDFs up to ${pdfMb} MB, videos up to ${videoMb} MB.`,
  willCompress: 'will be made smaller before upload',
  compressing: 'Making photos smaller',
  uploading: 'Uploading',
  upload: 'Upload',
  cancel: 'Cancel',
  close: 'Close',
  remove: (name: string) => `Remove ${name}`,
} as const;
