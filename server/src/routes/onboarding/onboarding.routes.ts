import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../../../src/contract/auth';
import { onboardingDismissalSchema, onboardingSchema } from '../../../../src/contract/onboarding-schemas';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { getChecklist, setChecklistDismissed } from '../../services/onboarding/checklist.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/** Everyone in an organisation has the checklist (members read who does the steps they cannot). */
const ORGANISATION_ROLES = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];

/**
 * The Dashboard's "Get started" checklist (src/contract/onboarding.ts): the steps' state for the
 * caller's organisation and current space, and the caller's own choice to close it.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const hooks = [app.requireAuth, app.requireSpace, app.requireRole(ORGANISATION_ROLES, MESSAGES.noOrganisation)];
  const tags = ['onboarding'];

  const checklistOf = (request: Parameters<typeof spaceOf>[0]) => {
    const space = spaceOf(request);
    return getChecklist(db, { userId: authOf(request).userId, orgId: space.org_id, spaceId: space.id });
  };

  app.get(
    '/onboarding',
    {
      onRequest: hooks,
      schema: {
        tags,
        summary: "The \"Get started\" checklist: which steps are done in the caller's organisation and current space, and whether the caller closed it",
        security: bearerSecurity,
        response: { 200: onboardingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => checklistOf(request),
  );

  app.put(
    '/onboarding/dismissal',
    {
      onRequest: hooks,
      schema: {
        tags,
        summary: 'Close the checklist for the caller on every device (dismissed: true), or bring it back (false)',
        security: bearerSecurity,
        body: onboardingDismissalSchema,
        response: { 200: onboardingSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await setChecklistDismissed(db, authOf(request).userId, request.body.dismissed);
      return checklistOf(request);
    },
  );
};
