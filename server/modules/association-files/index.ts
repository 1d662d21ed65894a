import { ERROR_MESSAGES, notFound } from '../../core/errors.js';
import { CIRCULAR_PDF_MAX_MB, publishCircularInput } from '../../../common/schemas/association-members.js';
import { errorAnswerDoc, jsonSchemaOf, successAnswerDoc } from '../../rest/openapi.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import type { MediaStorage } from '../media-storage/index.js';
import { publishCircular, receiveCircularForm } from '../associations/index.js';

// The association's files that are request bodies: a circular published with its PDF (a plain route,
// app.ts's). A module beside the associations module, not inside it: a plain route passes the
// association door, which takes the officers' sessions from that module's surface.

const UPLOAD_PATH = '/api/association/circulars/upload';

/** The form: publishCircularInput's fields as text, then the file. */
function formSchema() {
  const { $schema: _dialect, ...fields } = jsonSchemaOf(publishCircularInput) ?? { type: 'object', properties: {}, required: [] };
  return {
    ...fields,
    properties: {
      ...(fields.properties as Record<string, unknown>),
      section_id: { type: 'string', description: 'A section\'s id, or empty or left out: every member church' },
      pdf: {
        type: 'string', format: 'binary', contentMediaType: 'application/pdf',
        description: `Optional, at most one: a PDF (judged by its first bytes, %PDF-), at most ${CIRCULAR_PDF_MAX_MB} MB. Send it after the fields.`,
      },
    },
  };
}

/**
 * POST /api/association/circulars/upload: publishing a circular with a PDF, which a procedure cannot
 * take (its body is a file). The officer's right to publish is checked before a byte is stored; the
 * PDF streams into storage with no transaction open; the circular is written in a second, short
 * transaction, and if that fails the stored PDF is removed: a circular is published with its PDF or
 * not at all.
 */
export function circularUploadRoute(services: { mediaStorage: MediaStorage }): PlainRoute {
  return plainRoute({
    method: 'POST',
    path: UPLOAD_PATH,
    door: { association: 'publishCirculars' },
    body: 'multipart',
    slowBody: true,
    openapi: {
      operationId: 'association.publishCircularWithPdf',
      summary: 'Publish a circular with a PDF attached (association admin)',
      description: 'A multipart/form-data body: title, body, section_id, then the file pdf. The circular is published with its PDF, '
        + 'or, on any refusal, nothing is kept. Its PDF is downloaded at /api/association/circulars/{id}/pdf and, by the churches '
        + 'it was sent to, at /api/church-association/circulars/{id}/pdf.',
      tag: 'association',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchema(), encoding: { pdf: { contentType: 'application/pdf' } } } } },
      responses: {
        201: successAnswerDoc('The circular: id, published_at', { type: 'object', properties: { id: { type: 'string' }, published_at: { type: 'string' } } }),
        413: errorAnswerDoc(`The PDF is over ${CIRCULAR_PDF_MAX_MB} MB (reason circular_pdf_too_large)`),
        415: errorAnswerDoc('The body is not multipart/form-data, or the file is not a PDF (reason circular_pdf_type)'),
      },
    },
    handler: async (req, reply, { enterAssociation }) => {
      const associationId = await enterAssociation(async (scope) => scope.association.id);
      const received = await receiveCircularForm(req, services.mediaStorage, associationId, req.log).catch((error: unknown) => {
        // The rest of the body is not read: the connection closes after the answer.
        void reply.header('connection', 'close');
        throw error;
      });
      try {
        const published = await enterAssociation((scope) => {
          // The key was made under the association of the first entry; the same session names it.
          if (scope.association.id !== associationId) throw notFound(ERROR_MESSAGES.notFound);
          return publishCircular(scope, received.input, received.pdf);
        });
        return answer.data(published, 201);
      } catch (error) {
        if (received.pdf) {
          await services.mediaStorage.delete(received.pdf.key)
            .catch((err: unknown) => req.log.error({ err }, 'could not remove the PDF of a circular not published'));
        }
        throw error;
      }
    },
  });
}
