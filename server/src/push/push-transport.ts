/**
 * The one POST of a push message to a push service, over node:http(s) so the connection can only
 * go to an address judged public (endpoint-address.ts): a literal IP host is judged before
 * connecting, and a host name through `lookup`, the hook node:net resolves names with, so the
 * address judged is the address connected to (no second resolution an attacker's DNS could answer
 * differently). Redirects are never followed (node:http does not), and a push service that does
 * not answer within `timeoutMs` is given up on.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicAddress, refuseEndpointHost, type EndpointRefusal, type ResolveHost } from './endpoint-address';

export interface PushPost {
  url: URL;
  headers: Record<string, string>;
  body: Buffer | null;
  timeoutMs: number;
}

export type PushPostOutcome =
  | { kind: 'answered'; status: number }
  /** Not sent: the endpoint's address is not a public one (or has none); nothing was connected. */
  | { kind: 'refused'; reason: EndpointRefusal }
  | { kind: 'timeout' }
  | { kind: 'unreachable' };

export interface PushTransportOptions {
  resolve: ResolveHost;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: no address check (tests' local push service, closed networks). */
  allowPrivate: boolean;
}

class TimedOut extends Error {}

class RefusedAddress extends Error {
  constructor(readonly reason: EndpointRefusal) {
    super(`push endpoint refused: ${reason}`);
  }
}

/** node:net's lookup hook, answering only with addresses judged public (all of a name's, or none). */
function checkedLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses: LookupAddress[]) => {
        if (addresses.length === 0) return callback(new RefusedAddress('unresolvable'), '', 0);
        if (!addresses.every((entry) => isPublicAddress(entry.address))) return callback(new RefusedAddress('not-public'), '', 0);
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0) return callback(new RefusedAddress('unresolvable'), '', 0);
        if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      () => callback(new RefusedAddress('unresolvable'), '', 0),
    );
  };
}

export function createPushTransport(options: PushTransportOptions) {
  const lookup = options.allowPrivate ? undefined : checkedLookup(options.resolve);
  return async function post(request: PushPost): Promise<PushPostOutcome> {
    const host = request.url.hostname.replace(/^\[(.*)\]$/, '$1');
    // A literal address never reaches `lookup`: judged here.
    if (ipaddr.isValid(host)) {
      const refusal = await refuseEndpointHost(request.url, options.resolve, options.allowPrivate);
      if (refusal) return { kind: 'refused', reason: refusal };
    }
    const client = request.url.protocol === 'https:' ? https : http;
    return new Promise<PushPostOutcome>((settle) => {
      const outgoing = client.request(
        request.url,
        { method: 'POST', headers: { ...request.headers, 'content-length': String(request.body?.length ?? 0) }, ...(lookup ? { lookup } : {}) },
        (response) => {
          // The answer's body is not needed; reading it frees the connection.
          response.resume();
          const answered = () => finish({ kind: 'answered', status: response.statusCode ?? 0 });
          response.on('end', answered);
          response.on('error', answered);
        },
      );
      // The whole exchange, not just an idle socket: a push service that trickles is given up on too.
      const timer = setTimeout(() => outgoing.destroy(new TimedOut()), request.timeoutMs);
      const finish = (outcome: PushPostOutcome) => {
        clearTimeout(timer);
        settle(outcome);
      };
      outgoing.on('error', (error) => {
        if (error instanceof RefusedAddress) finish({ kind: 'refused', reason: error.reason });
        else if (error instanceof TimedOut) finish({ kind: 'timeout' });
        else finish({ kind: 'unreachable' });
      });
      outgoing.end(request.body ?? undefined);
    });
  };
}
