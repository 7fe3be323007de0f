import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../../../src/contract/auth';
import { ONBOARDING_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { getChecklist, setChecklistDismissed } from '../../services/onboarding/checklist.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** Everyone in an organisation has the checklist (members read who does the steps they cannot). */
const ORGANISATION_ROLES = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];

/**
 * The Dashboard's "Get started" checklist (src/contract/onboarding.ts): the steps' state for the
 * caller's organisation and current space, and the caller's own choice to close it. Paths and
 * schemas are the contract's (src/contract/onboarding-endpoints.ts).
 */
export const onboardingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const hooks = [app.requireAuth, app.requireSpace, app.requireRole(ORGANISATION_ROLES, MESSAGES.noOrganisation)];

  const checklistOf = (request: Parameters<typeof spaceOf>[0]) => {
    const space = spaceOf(request);
    return getChecklist(db, { userId: authOf(request).userId, orgId: space.org_id, spaceId: space.id });
  };

  routeFromContract(app, ONBOARDING_ENDPOINTS.checklist, {
    onRequest: hooks,
    handler: async (request) => checklistOf(request),
  });

  routeFromContract(app, ONBOARDING_ENDPOINTS.dismiss, {
    onRequest: hooks,
    handler: async (request) => {
      await setChecklistDismissed(db, authOf(request).userId, request.body.dismissed);
      return checklistOf(request);
    },
  });
};
