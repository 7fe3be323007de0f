/** Uploading files as assets: the knowledge base's hash-first signed flow (docs/assets.md "Uploads"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSET_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { commitAssetUpload, signAssetUpload } from '../../services/assets/asset-uploads.service';
import { checkAssetHashes } from '../../services/assets/assets.service';
import { enqueueThumbnail } from '../../services/assets/thumbnail-job';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const assetUploadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const maxBytes = config.assets.maxUploadBytes;

  routeFromContract(app, ASSET_ENDPOINTS.checkHashes, {
    onRequest: spaceScoped,
    handler: async (request) => checkAssetHashes(db, spaceOf(request).id, request.body.hashes),
  });

  routeFromContract(app, ASSET_ENDPOINTS.signUpload, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const signed = await signAssetUpload(storage, {
        spaceId: spaceOf(request).id,
        filename: request.query.filename,
        contentType: request.query.content_type,
        size: request.query.size,
        maxBytes,
      });
      return { url: signed.url, method: signed.method, headers: signed.headers, object_path: signed.object_path, content_type: signed.content_type, expires_at: signed.expiresAt.toISOString() };
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.commitUpload, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
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
  });
};
