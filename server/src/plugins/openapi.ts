import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../../src/contract/paths';

/** Must be installed before the routes so that each route's zod schemas are collected. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mosaic API', version: '1.0.0', description: 'Sign-in, spaces and billing of Mosaic.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** GET /api/v1/openapi.json — the generated document (public; it lists no secrets). */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
