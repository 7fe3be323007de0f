/**
 * How the agents routes check the ids a body carries: as UUIDs, the only ids this server makes.
 * The contract's bodies hold them as opaque text (src/contract/agents-schemas.ts, IdCheck); a
 * route extends its entry's body with the same fields built with this check.
 */
import { z } from 'zod';
import type { IdCheck } from '../../../../src/contract/agents-schemas';

export const uuidId: IdCheck = (error) => z.uuid({ error });
