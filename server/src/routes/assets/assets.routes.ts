/** Creative Assets: the library, text assets, generated images, thumbnails and downloads (docs/assets.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ASSET_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { openRendition, signAssetDownload } from '../../services/assets/asset-files';
import { deleteAsset, getAssetDetail, getAssetRow, listAssets, updateAsset } from '../../services/assets/assets.service';
import { generateImageAsset, imageGenerationCapability } from '../../services/assets/image-generation.service';
import { createTextAsset, saveReplyAsAssets } from '../../services/assets/text-assets.service';
import { enqueueThumbnail } from '../../services/assets/thumbnail-job';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** Paths and schemas are the contract's (src/contract/assets-endpoints.ts). */
export const assetsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const thumbnail = (assetId: string) => enqueueThumbnail(jobs, config.assets, assetId);
  const filtersOf = (query: z.output<typeof ASSET_ENDPOINTS.list.query>) => ({
    kind: query.kind,
    source: query.source,
    tag: query.tag || undefined,
    collectionId: query.collection || undefined,
  });

  routeFromContract(app, ASSET_ENDPOINTS.list, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const found = await listAssets(db, spaceOf(request).id, filtersOf(request.query));
      return { assets: found, total: found.length };
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.search, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const found = await listAssets(db, spaceOf(request).id, { ...filtersOf(request.query), query: request.query.q });
      return { assets: found, total: found.length };
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.capabilities, {
    onRequest: spaceScoped,
    handler: async () => ({ max_upload_bytes: config.assets.maxUploadBytes, image_generation: imageGenerationCapability(config) }),
  });

  routeFromContract(app, ASSET_ENDPOINTS.detail, {
    onRequest: spaceScoped,
    handler: async (request) => getAssetDetail(db, spaceOf(request).id, request.params.id),
  });

  for (const [entry, rendition] of [
    [ASSET_ENDPOINTS.thumbnail, 'thumb'],
    [ASSET_ENDPOINTS.preview, 'preview'],
  ] as const) {
    routeFromContract(app, entry, {
      onRequest: spaceScoped,
      handler: async (request, reply) => {
        const row = await getAssetRow(db, spaceOf(request).id, request.params.id);
        const stream = await openRendition(storage, row, rendition);
        return reply.type('image/webp').header('X-Asset-Version', row.thumbnailVersion ?? '').send(stream as never);
      },
    });
  }

  routeFromContract(app, ASSET_ENDPOINTS.download, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const row = await getAssetRow(db, spaceOf(request).id, request.params.id);
      return signAssetDownload(storage, row, { disposition: request.query.disposition, ttlSeconds: config.assets.downloadUrlTtlSeconds });
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.update, {
    onRequest: spaceScoped,
    handler: async (request) => updateAsset(db, spaceOf(request).id, request.params.id, request.body),
  });

  routeFromContract(app, ASSET_ENDPOINTS.remove, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const { userId, role } = authOf(request);
      await deleteAsset(db, storage, spaceOf(request).id, request.params.id, { id: userId, role });
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.createText, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const body = request.body;
      const asset = await createTextAsset(db, {
        spaceId: spaceOf(request).id,
        createdBy: authOf(request).userId,
        name: body.name,
        content: body.content,
        source: body.source,
        sourceRef: body.source_ref ?? null,
        tags: body.tags,
      });
      return reply.status(201).send(asset);
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.saveReply, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const saved = await saveReplyAsAssets(db, { spaceId: spaceOf(request).id, userId: authOf(request).userId, messageId: request.body.message_id, split: request.body.split });
      return reply.status(201).send({ assets: saved });
    },
  });

  routeFromContract(app, ASSET_ENDPOINTS.generate, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const space = spaceOf(request);
      const asset = await generateImageAsset(
        { config, db, storage },
        { orgId: space.org_id, spaceId: space.id, userId: authOf(request).userId, prompt: request.body.prompt, shape: request.body.shape, name: request.body.name },
        thumbnail,
      );
      return reply.status(201).send(asset);
    },
  });
};
