import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../../../../src/contract/auth';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { BRAND_VOICE_MAX_CHARS } from '../../../../src/contract/agents';
import { getBrandVoice, saveBrandVoice } from '../../services/settings/brand-voice.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/**
 * Spec 001 §6 leaves open whether members may change the brand voice. Everyone reads it (every
 * agent answer follows it); owners and admins change it, because it speaks for the whole
 * organisation in every space.
 */
const READERS = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
const EDITORS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];

const brandVoiceSchema = z.object({
  content: z.string(),
  updatedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});

const updateBody = z.object({
  content: z.string().max(BRAND_VOICE_MAX_CHARS, `Brand voice can be at most ${BRAND_VOICE_MAX_CHARS.toLocaleString('en')} characters`),
});

export const brandVoiceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/settings/brand-voice',
    {
      onRequest: [app.requireAuth, app.requireSpace, app.requireRole(READERS)],
      schema: {
        tags: ['settings'],
        summary: "The organisation's brand voice ('' until one is written)",
        security: bearerSecurity,
        response: { 200: brandVoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBrandVoice(db, spaceOf(request).org_id),
  );

  app.put(
    '/settings/brand-voice',
    {
      onRequest: [app.requireAuth, app.requireSpace, app.requireRole(EDITORS, MESSAGES.onlyManagersEditBrandVoice)],
      schema: {
        tags: ['settings'],
        summary: "Replaces the organisation's brand voice",
        security: bearerSecurity,
        body: updateBody,
        response: { 200: brandVoiceSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => saveBrandVoice(db, spaceOf(request).org_id, authOf(request).userId, request.body.content.trim(), request.ip),
  );
};
