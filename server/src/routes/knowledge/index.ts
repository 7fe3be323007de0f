import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../deps';
import { knowledgeRoutes } from './knowledge.routes';
import { uploadTargetRoutes } from './upload-target.routes';
import { documentPreviewRoutes } from './document-preview.routes';
import { downloadRoutes } from './download.routes';
import { documentStreamRoutes } from './document-stream.routes';

/** The knowledge-base area; the upload target sits in its own plugin so its raw-body parsing stays there. */
export async function knowledgeAreaRoutes(app: FastifyInstance, options: RouteDeps & { prefix?: string }): Promise<void> {
  // The prefix already applies to this plugin; passing it on would apply it twice.
  const { prefix: _prefix, ...deps } = options;
  await app.register(knowledgeRoutes, deps);
  await app.register(uploadTargetRoutes, deps);
  await app.register(documentPreviewRoutes, deps);
  await app.register(downloadRoutes, deps);
  await app.register(documentStreamRoutes, deps);
}
