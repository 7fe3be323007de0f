/**
 * TXT look-ups for domain verification, through node's own resolver (c-ares): the system's DNS
 * servers, or the one DNS_RESOLVER names (a company resolver, or the tests' local server).
 */
import { Resolver } from 'node:dns/promises';

/** What a look-up found: the records (each one's strings joined), none at all, or no usable answer from DNS. */
export type TxtAnswer = { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'unavailable'; reason: string };

export interface DnsTxtLookup {
  lookupTxt(name: string): Promise<TxtAnswer>;
}

/** "No such name" and "no TXT records at that name" both mean the record is not there (yet). */
const NO_RECORD_CODES: ReadonlySet<string> = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Three seconds a try, two tries: a resolver that has not answered by then is down or unreachable,
 * and the owner, who waits on the Verify button, is better told so and can try again.
 */
const TRY_TIMEOUT_MS = 3000;
const TRIES = 2;

export function dnsTxtLookup(server: string | undefined): DnsTxtLookup {
  const resolver = new Resolver({ timeout: TRY_TIMEOUT_MS, tries: TRIES });
  if (server) resolver.setServers([server]);
  return {
    async lookupTxt(name) {
      try {
        const records = await resolver.resolveTxt(name);
        // A long record arrives in 255-character strings: one value is all of them, in order.
        return { kind: 'records', values: records.map((chunks) => chunks.join('')) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code && NO_RECORD_CODES.has(code)) return { kind: 'none' };
        return { kind: 'unavailable', reason: code ?? (error instanceof Error ? error.message : String(error)) };
      }
    },
  };
}
