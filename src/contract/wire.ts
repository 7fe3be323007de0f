/**
 * Building blocks of the wire schemas. Ids are opaque text to the client: the server makes them
 * UUIDs and checks ids it receives, but nothing on the client may depend on their format.
 */
import { z } from 'zod';

export const wireId = z.string().min(1);
