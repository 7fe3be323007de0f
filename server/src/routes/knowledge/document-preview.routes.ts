import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentTextSchema, downloadLinkSchema } from '../../../../src/contract/document-preview';
import { isUuid } from '../../db/ids';
import { KB_MESSAGES, notFound } from '../../errors';
import { spaceOf } from '../../plugins/space-context';
import { documentText, downloadLink } from '../../services/knowledge/document-text.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

const params = z.object({ id: z.string() });
const textQuery = z.object({
  /** The passage the preview opens at (0-based); a long document answers a window around it. */
  around: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

function documentId(id: string): string {
  if (!isUuid(id)) throw notFound(KB_MESSAGES.documentNotFound);
  return id;
}

/**
 * The document preview (docs/knowledge.md "Preview"): a document's text with its passages, and a
 * download link for the original. Space-scoped like the rest of the knowledge base: every member of
 * the space may read its documents; another space's or organisation's document is 404.
 */
export const documentPreviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, storage }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['knowledge'];

  app.get(
    '/kb/documents/:id/text',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "A ready document's text as read (passages merged), with where each passage lies; a window around `around` for long documents",
        security: bearerSecurity,
        params,
        querystring: textQuery,
        response: { 200: documentTextSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => documentText(db, spaceOf(request).id, documentId(request.params.id), request.query.around),
  );

  app.get(
    '/kb/documents/:id/download',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'A link (valid for 5 minutes) that downloads the original file under its name',
        security: bearerSecurity,
        params,
        response: { 200: downloadLinkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => downloadLink(db, storage, spaceOf(request).id, documentId(request.params.id)),
  );
};
