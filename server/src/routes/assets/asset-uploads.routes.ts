/** Uploading files as assets: the knowledge base's hash-first signed flow (docs/assets.md "Uploads"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSET_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { commitAssetUpload, signAssetUpload } from '../../services/assets/asset-uploads.service';
import { checkAssetHashes } from '../../services/assets/assets.service';
import { enqueueThumbnail } from '../../services/assets/thumbnail-job';
import { signRequest, uploadedFile } from '../../services/uploads/signed-uploads.service';
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
    handler: async (request) => signAssetUpload(storage, signRequest(request.query, spaceOf(request).id, maxBytes)),
  });

  routeFromContract(app, ASSET_ENDPOINTS.commitUpload, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const body = request.body;
      const asset = await commitAssetUpload(
        db,
        storage,
        { ...uploadedFile(body, spaceOf(request).id, maxBytes), userId: authOf(request).userId, tags: body.tags, collectionIds: body.collection_ids },
        (assetId) => enqueueThumbnail(jobs, config.assets, assetId),
      );
      return reply.status(201).send(asset);
    },
  });
};
