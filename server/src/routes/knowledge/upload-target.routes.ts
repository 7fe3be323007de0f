import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { AppError, forbidden } from '../../errors';
import { UPLOAD_MESSAGES } from '../../services/uploads/upload-messages';
import { uploadTooLarge } from '../../services/uploads/signed-uploads.service';
import { LocalDiskStorage, UploadTooLargeError, type ClaimUpload } from '../../storage/index';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

/** 'text/plain; charset=utf-8' and 'Text/Plain' are the content type the URL was signed for. */
function sameType(header: string | undefined, signed: string): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === signed;
}

const linkUsed = () => new AppError(409, UPLOAD_MESSAGES.uploadLinkUsed, API_ERROR_CODES.uploadLinkUsed);

/**
 * The local-disk upload target: the signed URL from POST /kb/uploads/sign and POST
 * /assets/uploads/sign (services/uploads/). The signature is the authorisation (like an S3
 * presigned URL), so no bearer token is needed. The body is streamed
 * to disk as it arrives, whatever its content type, and never buffered whole. A URL works for
 * one completed PUT; a PUT that fails midway leaves it usable.
 */
export const uploadTargetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { storage, uploadTokens, consumedUploadTokens: consumed }) => {
  // In this plugin only: every body is handed over as the raw stream (JSON files included),
  // instead of the JSON-only parsing (and 1 MiB limit) of the rest of the API.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.uploadTarget, {
    handler: async (request) => {
      if (!(storage instanceof LocalDiskStorage) || !uploadTokens || !consumed) throw new AppError(404, 'Not found', 'NOT_FOUND');
      const check = uploadTokens.verify(request.query.token);
      if (!check.ok) throw forbidden(check.reason === 'expired' ? UPLOAD_MESSAGES.uploadLinkExpired : UPLOAD_MESSAGES.uploadLinkInvalid);
      const { grant } = check;
      // Refused before reading a byte; the claim after the last byte settles two PUTs racing.
      if (await consumed.isConsumed(grant.nonce)) throw linkUsed();
      if (!sameType(request.headers['content-type'], grant.contentType)) throw forbidden(UPLOAD_MESSAGES.uploadContentTypeMismatch);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      // Refused before reading a byte when the client says how much is coming.
      if (Number.isFinite(declared) && declared > grant.maxBytes) throw uploadTooLarge(grant.maxBytes);
      const claim: ClaimUpload = async () => {
        if (!(await consumed.consume(grant))) throw linkUsed();
        return () => consumed.release(grant.nonce);
      };
      const body = (request.body as Readable | undefined) ?? request.raw;
      try {
        const size = await storage.write(grant, body, claim);
        return { object_path: grant.objectPath, size_bytes: size };
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw uploadTooLarge(grant.maxBytes);
        throw error;
      }
    },
  });
};
