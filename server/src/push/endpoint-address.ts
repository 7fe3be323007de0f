/**
 * Which addresses the server may send Web Push to. A push endpoint is an address the browser —
 * that is, whoever holds a session — hands the server, which then POSTs to it: without a check that
 * is a blind server-side request to anything the server can reach (its own loopback services, the
 * cloud metadata service at 169.254.169.254, the private network). Browsers' push services are
 * public HTTPS hosts, so only public unicast addresses are allowed: loopback, private (RFC 1918),
 * carrier-grade NAT (100.64/10), unique-local (fc00::/7), link-local (169.254/16, fe80::/10, where
 * the metadata services live), unspecified, broadcast, multicast and every reserved or special
 * range `ipaddr.js` knows are refused. An IPv6 address that embeds an IPv4 one (::ffff:a.b.c.d)
 * is judged by the IPv4 address.
 *
 * A host name is judged by every address it resolves to, and the connection is then made to an
 * address so judged (push-transport.ts connects through `checkedLookup`), so a name that resolves
 * to a public address when subscribing and to 127.0.0.1 when sending (DNS rebinding) is refused at
 * the send too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to all of its addresses (node:dns `lookup` with `all: true`; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** True for an address a public push service may have; false for anything internal or special. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Why an endpoint's host may not be sent to, in words for the log (never the endpoint itself). */
export type EndpointRefusal = 'not-public' | 'unresolvable';

/**
 * The host of an endpoint URL judged: null when every address it has is public, else why not.
 * `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS) skips the judgement: tests and closed networks only.
 */
export async function refuseEndpointHost(url: URL, resolve: ResolveHost, allowPrivate: boolean): Promise<EndpointRefusal | null> {
  if (allowPrivate) return null;
  // URL keeps IPv6 literals in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'not-public';
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((entry) => isPublicAddress(entry.address)) ? null : 'not-public';
}
