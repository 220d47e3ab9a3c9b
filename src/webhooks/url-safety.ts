import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

// Addresses a webhook must not reach outside the sandbox: the host itself, the private network,
// cloud metadata services (169.254.169.254) and everything not routable on the public internet.
// BlockList matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against the IPv4 rules too.
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host as an address or name (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The synchronous rules of a webhook URL: absolute, http(s), no credentials. */
export const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http:// or https:// URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'must use http or https' });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials; authenticate requests with the signature instead' });
    } else if (!url.hostname) {
      ctx.addIssue({ code: 'custom', message: 'must name a host' });
    }
  });

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * Why the URL's host may not receive webhooks (it is or resolves to a non-public address), or
 * undefined when it may. Every resolved address must be public: a name with one private record
 * could be steered to it.
 */
export async function privateAddressProblem(url: URL): Promise<string | undefined> {
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? undefined : `${host} is not a public address`;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return `${host} does not resolve`;
  }
  const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
  return blocked ? `${host} resolves to ${blocked.address}, which is not a public address` : undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses non-public addresses. The check happens on the address
 * the socket then connects to, so a DNS answer that changed since the endpoint was saved (DNS
 * rebinding) cannot slip through.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked) {
      return callback(new PrivateAddressError(`${hostname} resolves to ${blocked.address}, which is not a public address`), []);
    }
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), []);
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
}
