import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import type { Role } from '../../../../src/contract/auth';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { getBrandVoice, saveBrandVoice } from '../../services/settings/brand-voice.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * Spec 001 §6 leaves open whether members may change the brand voice. Everyone reads it (every
 * agent answer follows it); owners and admins change it, because it speaks for the whole
 * organisation in every space.
 */
const READERS = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
const EDITORS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];

/** GET and PUT /settings/brand-voice: paths and schemas are the contract's (src/contract/settings-endpoints.ts). */
export const brandVoiceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  routeFromContract(app, SETTINGS_ENDPOINTS.brandVoice, {
    onRequest: [app.requireAuth, app.requireSpace, app.requireRole(READERS)],
    handler: async (request) => getBrandVoice(db, spaceOf(request).org_id),
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.saveBrandVoice, {
    onRequest: [app.requireAuth, app.requireSpace, app.requireRole(EDITORS, MESSAGES.onlyManagersEditBrandVoice)],
    handler: async (request) => saveBrandVoice(db, spaceOf(request).org_id, authOf(request).userId, request.body.content.trim(), request.ip),
  });
};
