/** Collections of assets (docs/assets.md "Collections"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSET_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { createCollection, deleteCollection, listCollections, renameCollection } from '../../services/assets/collections.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const collectionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  routeFromContract(app, ASSET_ENDPOINTS.collections, {
    onRequest: spaceScoped,
    handler: async (request) => ({ collections: await listCollections(db, spaceOf(request).id) }),
  });

  routeFromContract(app, ASSET_ENDPOINTS.createCollection, {
    onRequest: spaceScoped,
    handler: async (request, reply) => reply.status(201).send(await createCollection(db, spaceOf(request).id, authOf(request).userId, request.body.name)),
  });

  routeFromContract(app, ASSET_ENDPOINTS.renameCollection, {
    onRequest: spaceScoped,
    handler: async (request) => renameCollection(db, spaceOf(request).id, request.params.id, request.body.name),
  });

  routeFromContract(app, ASSET_ENDPOINTS.deleteCollection, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const { userId, role } = authOf(request);
      await deleteCollection(db, spaceOf(request).id, request.params.id, { id: userId, role });
      return reply.status(204).send(null);
    },
  });
};
