/**
 * Building blocks of the wire schemas. Ids are opaque text to the client: the server makes them
 * UUIDs and checks ids it receives, but nothing on the client may depend on their format.
 */
import { z } from 'zod/mini';

/**
 * Built with Zod's tree-shakable API (zod/mini), as are session-answers.ts and sso-schemas.ts, which
 * the Login screen loads on its first single sign-on look-up: the full API would add ~25 KB (gzip)
 * to that download. Other schemas wrap it with `z.nullable(wireId)` / `z.optional(wireId)`.
 */
export const wireId = z.string().check(z.minLength(1));
