/** Uploading files as assets: the knowledge base's hash-first signed flow (docs/assets.md "Uploads"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { commitAssetUpload, signAssetUpload } from '../../services/assets/asset-uploads.service';
import { checkAssetHashes } from '../../services/assets/assets.service';
import { enqueueThumbnail } from '../../services/assets/thumbnail-job';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { assetHashCheckSchema, assetSchema, assetSignedUploadSchema, commitBody, hashCheckBody, signQuery } from './assets.schemas';

export const assetUploadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['assets'];
  const maxBytes = config.assets.maxUploadBytes;

  app.post(
    '/assets/hashes/check',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Which SHA-256 hashes have no live asset in the space yet (and which asset holds the others)',
        security: bearerSecurity,
        body: hashCheckBody,
        response: { 200: assetHashCheckSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => checkAssetHashes(db, spaceOf(request).id, request.body.hashes),
  );

  app.post(
    '/assets/uploads/sign',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'A signed, single-use URL to PUT one file to (type checked; size checked when given)',
        security: bearerSecurity,
        querystring: signQuery,
        response: { 200: assetSignedUploadSchema, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const signed = await signAssetUpload(storage, {
        spaceId: spaceOf(request).id,
        filename: request.query.filename,
        contentType: request.query.content_type,
        size: request.query.size,
        maxBytes,
      });
      return { url: signed.url, method: signed.method, headers: signed.headers, object_path: signed.object_path, content_type: signed.content_type, expires_at: signed.expiresAt.toISOString() };
    },
  );

  app.post(
    '/assets/uploads/commit',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Register an uploaded file as an asset and start making its thumbnail',
        security: bearerSecurity,
        body: commitBody,
        response: { 201: assetSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const asset = await commitAssetUpload(
        db,
        storage,
        {
          spaceId: spaceOf(request).id,
          userId: authOf(request).userId,
          objectPath: body.object_path,
          filename: body.filename,
          size: body.size,
          mime: body.mime,
          hash: body.hash,
          tags: body.tags,
          collectionIds: body.collection_ids,
          maxBytes,
        },
        (assetId) => enqueueThumbnail(jobs, config.assets, assetId),
      );
      return reply.status(201).send(asset);
    },
  );
};
