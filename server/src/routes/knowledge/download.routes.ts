import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { AppError, forbidden } from '../../errors';
import { LocalDiskStorage, contentDisposition } from '../../storage/index';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const DOWNLOAD_LINK_INVALID = 'This download link is not valid. Open the file in Mosaic again to get a new one.';
export const DOWNLOAD_LINK_EXPIRED = 'This download link has expired. Open the file in Mosaic again to get a new one.';
const FILE_GONE = 'This file is no longer stored: it was deleted.';

/**
 * The local-disk download target: the signed URLs from GET /kb/documents/{id}/download and
 * POST /assets/{id}/download. The signature is the permission (like an S3 presigned GET), so a
 * plain link or navigation works without the bearer token. Knowledge documents always come as an
 * attachment; an asset's PDF may be shown inline for its preview. Either way a sandbox CSP: an HTML
 * or SVG file must never run script in the app's origin.
 */
export const downloadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { storage }) => {
  routeFromContract(app, KNOWLEDGE_ENDPOINTS.downloadFile, {
    handler: async (request, reply) => {
      if (!(storage instanceof LocalDiskStorage)) throw new AppError(404, 'Not found', 'NOT_FOUND');
      const check = storage.verifyDownload(request.query.token);
      if (!check.ok) throw forbidden(check.reason === 'expired' ? DOWNLOAD_LINK_EXPIRED : DOWNLOAD_LINK_INVALID);
      const file = await storage.readStream(check.grant.objectPath);
      if (!file) throw new AppError(404, FILE_GONE, 'NOT_FOUND');
      return reply
        .header('Content-Disposition', contentDisposition(check.grant.disposition, check.grant.filename))
        .header('Content-Length', file.size)
        .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type(check.grant.contentType || 'application/octet-stream')
        .send(file.stream);
    },
  });
};
