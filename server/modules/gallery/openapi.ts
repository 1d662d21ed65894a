import { GALLERY_MAX_FILES_PER_UPLOAD, MEDIA_MAX_MB, MEDIA_MAX_TAGGED_CHILDREN, MEDIA_MIME_TYPES } from '../../../common/media-limits.js';
import { galleryUploadFields } from '../../../common/schemas/gallery.js';
import { errorAnswerDoc, jsonSchemaOf, successAnswerDoc } from '../../rest/openapi.js';
import type { PlainOperationDoc } from '../../rest/plain-route.js';

export const UPLOAD_PATH = '/api/gallery/upload';
export const FILE_PATH = '/api/gallery/image/{filename}';

const ACCEPTED_TYPES = Object.values(MEDIA_MIME_TYPES).flat();
const binary = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

/** The text fields as the upload checks them (the same schema), and the files beside them. */
function uploadForm() {
  const fields = jsonSchemaOf(galleryUploadFields) ?? { type: 'object', properties: {}, required: [] };
  const { $schema: _dialect, ...form } = fields;
  return {
    ...form,
    properties: {
      ...(form.properties as Record<string, unknown>),
      student_ids: {
        type: 'string',
        description: 'The children shown in every file of the upload: ids of the church\'s students, comma-separated, at most '
          + `${MEDIA_MAX_TAGGED_CHILDREN}. Send it before the files: then it is checked before any file is stored.`,
      },
      files: {
        type: 'array', minItems: 1, maxItems: GALLERY_MAX_FILES_PER_UPLOAD, items: binary,
        description: `One part per file, each named "files". Its type is judged from its first bytes: ${ACCEPTED_TYPES.join(', ')}; `
          + `images and PDFs at most ${MEDIA_MAX_MB.image} MB, videos ${MEDIA_MAX_MB.video} MB.`,
      },
    },
    required: [...((form.required as string[] | undefined) ?? []), 'files'],
  };
}

/** The upload's entry of the OpenAPI document (file-routes.ts declares the route). */
export function uploadOperationDoc(): PlainOperationDoc {
  return {
    operationId: 'gallery.upload',
    summary: 'Upload photos, videos or PDFs to the gallery (super admin, principal)',
    description: 'A multipart/form-data body: the text fields first (they are checked before any file is stored), '
      + 'then the files. Every file of the request is stored, or none.',
    tag: 'gallery',
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: uploadForm(), encoding: { files: { contentType: ACCEPTED_TYPES.join(', ') } } } },
    },
    responses: {
      201: successAnswerDoc('The stored items, with their signed addresses', { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } }),
      413: errorAnswerDoc('A file is larger than its kind allows'),
      415: errorAnswerDoc('The body is not multipart/form-data, or a file is not an accepted type'),
    },
  };
}

/** The file's entry of the OpenAPI document (file-routes.ts declares the route). */
export function fileOperationDoc(): PlainOperationDoc {
  return {
    operationId: 'gallery.file',
    summary: 'A stored gallery file: images inline, anything else as an attachment; byte ranges supported',
    description: 'Reached through the signed address a gallery list hands out (signature, church, expires; no session), '
      + 'or with the church session for a file of one of the church\'s items.',
    tag: 'gallery',
    parameters: [
      { name: 'filename', in: 'path', required: true, schema: { type: 'string' }, description: 'The stored name from a gallery item\'s address' },
      { name: 'signature', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'church', in: 'query', required: false, schema: { type: 'string', format: 'uuid' } },
      { name: 'expires', in: 'query', required: false, schema: { type: 'integer' }, description: 'Unix time, seconds' },
      {
        name: 'a', in: 'query', required: false, schema: { type: 'string', enum: ['m', 'g'] },
        description: 'The audience the address was signed for: m (those who manage the gallery) or g (a guest; checked against '
          + 'photo consent on each fetch, answered no-cache with an ETag)',
      },
      { name: 'Range', in: 'header', required: false, schema: { type: 'string' }, description: 'One range, bytes=start-end or bytes=start- (anything else: the whole file)' },
    ],
    responses: {
      200: fileAnswer('The whole file'),
      206: {
        ...fileAnswer('The requested range'),
        headers: { ...fileAnswer('').headers, 'Content-Range': { schema: { type: 'string' }, description: 'bytes start-end/size' } },
      },
      416: { ...errorAnswerDoc('The range is not in the file'), headers: { 'Content-Range': { schema: { type: 'string' }, description: 'bytes */size' } } },
      304: { description: 'A guest\'s copy is still good (If-None-Match)' },
      '4XX': errorAnswerDoc('Error envelope (403: an expired or forged address, reason media_link_invalid, or an item a tagged '
        + 'child\'s photo consent hides from a guest, reason media_consent_missing; 404: no such file in the church)'),
    },
  };
}

function fileAnswer(description: string) {
  return {
    description,
    headers: {
      'Accept-Ranges': { schema: { type: 'string', const: 'bytes' } },
      'Content-Disposition': { schema: { type: 'string' }, description: 'inline for images, attachment otherwise' },
    },
    content: Object.fromEntries(ACCEPTED_TYPES.map((type) => [type, { schema: binary }])),
  };
}
