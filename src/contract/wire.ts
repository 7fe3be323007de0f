/**
 * Building blocks of the wire schemas. Ids are opaque text to the client: the server makes them
 * UUIDs and checks ids it receives, but nothing on the client may depend on their format.
 */
import { z } from 'zod/mini';

/**
 * Built with Zod's tree-shakable API (zod/mini), as are the schemas the sign-in screens load
 * (session-answers.ts, sso.ts, account.ts): the full API would add ~25 KB (gzip) to what a visitor
 * downloads before Login. Other schemas wrap it with `z.nullable(wireId)` / `z.optional(wireId)`.
 */
export const wireId = z.string().check(z.minLength(1));
