/** Creative Assets: the library, text assets, generated images, thumbnails and downloads (docs/assets.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { openRendition, signAssetDownload } from '../../services/assets/asset-files';
import { deleteAsset, getAssetDetail, getAssetRow, listAssets, updateAsset } from '../../services/assets/assets.service';
import { generateImageAsset, imageGenerationCapability } from '../../services/assets/image-generation.service';
import { createTextAsset, saveReplyAsAssets } from '../../services/assets/text-assets.service';
import { enqueueThumbnail } from '../../services/assets/thumbnail-job';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import {
  assetCapabilitiesSchema,
  assetDetailSchema,
  assetDownloadSchema,
  assetListSchema,
  assetSchema,
  downloadQuery,
  fromMessageBody,
  generateBody,
  idParams,
  listQuery,
  savedAssetsSchema,
  searchQuery,
  textBody,
  updateBody,
} from './assets.schemas';

export const assetsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['assets'];
  const thumbnail = (assetId: string) => enqueueThumbnail(jobs, config.assets, assetId);
  const filtersOf = (query: z.infer<typeof listQuery>) => ({ kind: query.kind, source: query.source, tag: query.tag || undefined, collectionId: query.collection || undefined });

  app.get(
    '/assets',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "The space's assets, newest first; filters by kind, source, tag and collection",
        security: bearerSecurity,
        querystring: listQuery,
        response: { 200: assetListSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const found = await listAssets(db, spaceOf(request).id, filtersOf(request.query));
      return { assets: found, total: found.length };
    },
  );

  app.get(
    '/assets/search',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Assets whose name, description, tags or text match `q` (best match first), with the same filters',
        security: bearerSecurity,
        querystring: searchQuery,
        response: { 200: assetListSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const found = await listAssets(db, spaceOf(request).id, { ...filtersOf(request.query), query: request.query.q });
      return { assets: found, total: found.length };
    },
  );

  app.get(
    '/assets/capabilities',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'The upload limit, and whether this server generates images (and with which model)',
        security: bearerSecurity,
        response: { 200: assetCapabilitiesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async () => ({ max_upload_bytes: config.assets.maxUploadBytes, image_generation: imageGenerationCapability(config) }),
  );

  app.get(
    '/assets/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'One asset with its full text (a text asset\'s Markdown, a document\'s text)',
        security: bearerSecurity,
        params: idParams,
        response: { 200: assetDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getAssetDetail(db, spaceOf(request).id, request.params.id),
  );

  for (const rendition of ['thumbnail', 'preview'] as const) {
    app.get(
      `/assets/:id/${rendition}`,
      {
        onRequest: spaceScoped,
        schema: {
          tags,
          summary: rendition === 'thumbnail' ? 'The thumbnail (WebP, at most 480 px)' : 'The preview image (WebP, at most 1600 px)',
          security: bearerSecurity,
          params: idParams,
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        const row = await getAssetRow(db, spaceOf(request).id, request.params.id);
        const stream = await openRendition(storage, row, rendition === 'thumbnail' ? 'thumb' : 'preview');
        return reply.type('image/webp').header('X-Asset-Version', row.thumbnailVersion ?? '').send(stream as never);
      },
    );
  }

  app.post(
    '/assets/:id/download',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'A short-lived link to the file, saved under the asset\'s name (`disposition=inline` to open it in the browser)',
        security: bearerSecurity,
        params: idParams,
        querystring: downloadQuery,
        response: { 200: assetDownloadSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const row = await getAssetRow(db, spaceOf(request).id, request.params.id);
      return signAssetDownload(storage, row, { disposition: request.query.disposition, ttlSeconds: config.assets.downloadUrlTtlSeconds });
    },
  );

  app.patch(
    '/assets/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Rename, describe, tag or file an asset in collections (any member of the space)',
        security: bearerSecurity,
        params: idParams,
        body: updateBody,
        response: { 200: assetSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => updateAsset(db, spaceOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/assets/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Delete an asset, its file and its thumbnails',
        description: 'Members delete the assets they added; organisation owners and admins delete any (403 otherwise).',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, role } = authOf(request);
      await deleteAsset(db, storage, spaceOf(request).id, request.params.id, { id: userId, role });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/assets/text',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Keep a text (Markdown) as an asset',
        security: bearerSecurity,
        body: textBody,
        response: { 201: assetSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/assets/from-message',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "Keep an agent's reply as a text asset, or each of its copy variants as one",
        security: bearerSecurity,
        body: fromMessageBody,
        response: { 201: savedAssetsSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const saved = await saveReplyAsAssets(db, { spaceId: spaceOf(request).id, userId: authOf(request).userId, messageId: request.body.message_id, split: request.body.split });
      return reply.status(201).send({ assets: saved });
    },
  );

  app.post(
    '/assets/generate',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Generate an image from a prompt with the configured image model; it becomes an asset (charged in credits, refunded on failure)',
        security: bearerSecurity,
        body: generateBody,
        response: { 201: assetSchema, ...errorResponses(400, 401, 402, 404, 409, 422, 502) },
      },
    },
    async (request, reply) => {
      const space = spaceOf(request);
      const asset = await generateImageAsset(
        { config, db, storage },
        { orgId: space.org_id, spaceId: space.id, userId: authOf(request).userId, prompt: request.body.prompt, shape: request.body.shape, name: request.body.name },
        thumbnail,
      );
      return reply.status(201).send(asset);
    },
  );
};
