/** Collections of assets (docs/assets.md "Collections"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { createCollection, deleteCollection, listCollections, renameCollection } from '../../services/assets/collections.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { assetCollectionSchema, assetCollectionsSchema, collectionBody, idParams } from './assets.schemas';

export const collectionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['assets'];

  app.get(
    '/assets/collections',
    {
      onRequest: spaceScoped,
      schema: { tags, summary: "The space's collections by name, with their asset counts", security: bearerSecurity, response: { 200: assetCollectionsSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => ({ collections: await listCollections(db, spaceOf(request).id) }),
  );

  app.post(
    '/assets/collections',
    {
      onRequest: spaceScoped,
      schema: { tags, summary: 'Make a collection (names are unique in a space, ignoring case)', security: bearerSecurity, body: collectionBody, response: { 201: assetCollectionSchema, ...errorResponses(400, 401, 404, 409, 422) } },
    },
    async (request, reply) => reply.status(201).send(await createCollection(db, spaceOf(request).id, authOf(request).userId, request.body.name)),
  );

  app.patch(
    '/assets/collections/:id',
    {
      onRequest: spaceScoped,
      schema: { tags, summary: 'Rename a collection', security: bearerSecurity, params: idParams, body: collectionBody, response: { 200: assetCollectionSchema, ...errorResponses(400, 401, 404, 409, 422) } },
    },
    async (request) => renameCollection(db, spaceOf(request).id, request.params.id, request.body.name),
  );

  app.delete(
    '/assets/collections/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Delete a collection (its assets stay)',
        description: 'Members delete the collections they made; organisation owners and admins delete any (403 otherwise).',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, role } = authOf(request);
      await deleteCollection(db, spaceOf(request).id, request.params.id, { id: userId, role });
      return reply.status(204).send(null);
    },
  );
};
