import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../deps';
import { assetUploadRoutes } from './asset-uploads.routes';
import { assetsRoutes } from './assets.routes';
import { collectionRoutes } from './collections.routes';

/** Creative Assets; files are uploaded through the knowledge base's upload target (one signed-URL target for both). */
export async function assetsAreaRoutes(app: FastifyInstance, options: RouteDeps & { prefix?: string }): Promise<void> {
  // The prefix already applies to this plugin; passing it on would apply it twice.
  const { prefix: _prefix, ...deps } = options;
  await app.register(collectionRoutes, deps);
  await app.register(assetUploadRoutes, deps);
  await app.register(assetsRoutes, deps);
}
