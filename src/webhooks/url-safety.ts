import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import type { Config } from '../core/config.ts';

// Webhooks may only reach the public internet unless the operator allows private URLs for the
// account (see `privateWebhookUrlsAllowed`). An address is classified by the first matching class
// below; an IPv6 address that embeds an IPv4 one (mapped, compatible, SIIT, NAT64, 6to4, Teredo)
// is classified by the IPv4 address it carries, since that is where a relay would take it.
type Family = 'ipv4' | 'ipv6';

function classes(family: Family, table: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, number]>]>) {
  return table.map(([name, subnets]) => {
    const list = new BlockList();
    for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
    return { name, list };
  });
}

const ipv4Classes = classes('ipv4', [
  ['the unspecified address', [['0.0.0.0', 32]]],
  ['a "this network" address', [['0.0.0.0', 8]]],
  ['a loopback address', [['127.0.0.0', 8]]],
  ['a private address', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]]],
  ['a carrier-grade NAT address', [['100.64.0.0', 10]]],
  ['a link-local address', [['169.254.0.0', 16]]], // cloud metadata services live here
  ['a documentation address', [['192.0.2.0', 24], ['198.51.100.0', 24], ['203.0.113.0', 24]]],
  ['a benchmarking address', [['198.18.0.0', 15]]],
  ['a multicast address', [['224.0.0.0', 4]]],
  ['the broadcast address', [['255.255.255.255', 32]]],
  ['a reserved address', [['240.0.0.0', 4], ['192.0.0.0', 24], ['192.88.99.0', 24]]],
]);

/** IPv6 classes checked before looking for an embedded IPv4 address (`::` and `::1` embed nothing). */
const ipv6Classes = classes('ipv6', [
  ['the unspecified address', [['::', 128]]],
  ['a loopback address', [['::1', 128]]],
]);

/** IPv6 classes checked after: what remains outside global unicast (2000::/3) is reserved too. */
const ipv6LaterClasses = classes('ipv6', [
  ['a private (unique local) address', [['fc00::', 7], ['fec0::', 10]]],
  ['a link-local address', [['fe80::', 10]]],
  ['a multicast address', [['ff00::', 8]]],
  ['a documentation address', [['2001:db8::', 32], ['3fff::', 20]]],
  ['a benchmarking address', [['2001:2::', 48]]],
  ['a reserved address', [['100::', 64], ['2001:10::', 28], ['2001:20::', 28], ['5f00::', 16]]],
]);
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (any spelling, dotted tail included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string;
  try {
    // The URL parser writes every valid IPv6 address in one canonical hex form.
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
const zero = (groups: number[], from: number, to: number) => groups.slice(from, to).every((group) => group === 0);

/** The IPv4 addresses an IPv6 address carries, with the name of the form that carries them. */
function embeddedIPv4(g: number[]): Array<{ form: string; ipv4: string }> {
  if (zero(g, 0, 5) && g[5] === 0xffff) return [{ form: 'IPv4-mapped', ipv4: ipv4Of(g[6]!, g[7]!) }];
  if (zero(g, 0, 4) && g[4] === 0xffff && g[5] === 0) return [{ form: 'IPv4-translated (SIIT)', ipv4: ipv4Of(g[6]!, g[7]!) }];
  if (zero(g, 0, 6)) return [{ form: 'IPv4-compatible', ipv4: ipv4Of(g[6]!, g[7]!) }];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g, 2, 6)) return [{ form: 'NAT64', ipv4: ipv4Of(g[6]!, g[7]!) }];
  // Local-use NAT64 (RFC 8215) is never public (see addressProblem); the /96 layout names the IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return [{ form: 'local-use NAT64', ipv4: ipv4Of(g[6]!, g[7]!) }];
  if (g[0] === 0x2002) return [{ form: '6to4', ipv4: ipv4Of(g[1]!, g[2]!) }];
  if (g[0] === 0x2001 && g[1] === 0) {
    return [
      { form: 'Teredo client', ipv4: ipv4Of(~g[6]! & 0xffff, ~g[7]! & 0xffff) },
      { form: 'Teredo server', ipv4: ipv4Of(g[2]!, g[3]!) },
    ];
  }
  return [];
}

function ipv4Class(address: string): string | undefined {
  return ipv4Classes.find(({ list }) => list.check(address, 'ipv4'))?.name;
}

/**
 * Why a webhook may not be sent to this IP address (e.g. "::127.0.0.1 embeds 127.0.0.1
 * (IPv4-compatible), a loopback address"), or undefined when it is a public address.
 */
export function addressProblem(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 4) {
    const name = ipv4Class(address);
    return name ? `${address} is ${name}` : undefined;
  }
  const groups = ipv6Groups(address);
  if (!groups) return `${address} is not an address Yarrow can check`;
  const canonical = groups.map((group) => group.toString(16)).join(':');
  const early = ipv6Classes.find(({ list }) => list.check(canonical, 'ipv6'));
  if (early) return `${address} is ${early.name}`;
  const embedded = embeddedIPv4(groups);
  for (const { form, ipv4 } of embedded) {
    const name = ipv4Class(ipv4);
    if (name) return `${address} embeds ${ipv4} (${form}), ${name}`;
  }
  if (embedded.some(({ form }) => form === 'local-use NAT64')) return `${address} is a local-use NAT64 address`;
  if (embedded.length > 0) return undefined;
  const later = ipv6LaterClasses.find(({ list }) => list.check(canonical, 'ipv6'));
  if (later) return `${address} is ${later.name}`;
  if (!globalUnicast.check(canonical, 'ipv6')) return `${address} is a reserved address`;
  return undefined;
}

// Refused even for accounts allowed private URLs (the first-start sandbox account,
// WEBHOOK_ALLOW_PRIVATE_URLS=true): link-local addresses, where cloud metadata services answer
// with the host's credentials (169.254.169.254, 169.254.170.2, fd00:ec2::254), and Alibaba's.
const metadataIPv4 = new BlockList();
metadataIPv4.addSubnet('169.254.0.0', 16, 'ipv4');
metadataIPv4.addAddress('100.100.100.200', 'ipv4');
const metadataIPv6 = new BlockList();
metadataIPv6.addSubnet('fe80::', 10, 'ipv6');
metadataIPv6.addAddress('fd00:ec2::254', 'ipv6');

/**
 * Why a webhook may not be sent to this address even where private addresses are allowed (a
 * link-local or cloud metadata address, itself or embedded in an IPv6 one), or undefined.
 */
export function metadataProblem(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const problem = `is a link-local or cloud metadata address, which never receives webhooks`;
  if (family === 4) return metadataIPv4.check(address, 'ipv4') ? `${address} ${problem}` : undefined;
  const groups = ipv6Groups(address);
  if (!groups) return `${address} is not an address Yarrow can check`;
  if (metadataIPv6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6')) return `${address} ${problem}`;
  const embedded = embeddedIPv4(groups).find(({ ipv4 }) => metadataIPv4.check(ipv4, 'ipv4'));
  return embedded ? `${address} embeds ${embedded.ipv4} (${embedded.form}), which ${problem}` : undefined;
}

export function isPublicAddress(address: string): boolean {
  return addressProblem(address) === undefined;
}

/**
 * Whether an account's webhooks may reach private addresses. `WEBHOOK_ALLOW_PRIVATE_URLS` decides
 * for every account when set (true: all may, false: none may); unset, the account's own flag does
 * (on only for the first-start sandbox account on a developer's machine).
 */
export function privateWebhookUrlsAllowed(config: Pick<Config, 'webhookAllowPrivateUrls'>, accountAllows: boolean): boolean {
  return config.webhookAllowPrivateUrls ?? accountAllows;
}

/** The URL's host as an address or name (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The synchronous rules of a webhook URL: absolute, http(s), no credentials. */
export const webhookUrl = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((value, ctx) => {
    // Taken as sent (README, "API conventions"): the URL parser would quietly drop spaces around it.
    if (value.trim() !== value) {
      ctx.addIssue({ code: 'custom', message: 'must not start or end with spaces' });
      return;
    }
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
  })
  .meta({ examples: ['https://shop.example.com/webhooks/yarrow'] });

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * Why the URL's host may not receive webhooks (it is, embeds or resolves to a non-public address),
 * or undefined when it may. Every resolved address (A and AAAA) must be public: a name with one
 * private record could be steered to it.
 */
export async function privateAddressProblem(url: URL, problemOf: (address: string) => string | undefined = addressProblem): Promise<string | undefined> {
  const host = hostOf(url);
  if (isIP(host)) return problemOf(host);
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    // Where private URLs are allowed, only metadata addresses are refused: a name that does not
    // resolve yet may be saved (delivery checks again). Elsewhere it may not.
    return problemOf === metadataProblem ? undefined : `${host} does not resolve`;
  }
  return resolvedProblem(host, addresses, problemOf);
}

function resolvedProblem(host: string, addresses: LookupAddress[], problemOf: (address: string) => string | undefined): string | undefined {
  for (const { address } of addresses) {
    const problem = problemOf(address);
    if (problem) return `${host} resolves to ${address}: ${problem}`;
  }
  return addresses.length === 0 ? `${host} does not resolve` : undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the agents that send webhooks of accounts without private URLs. It resolves the
 * host, refuses unless every answer is public, and hands the socket exactly the answers it
 * checked: the connection is pinned to a checked address, so a DNS answer that changes between
 * the check and the connection (DNS rebinding) cannot reach an internal address.
 */
export const publicOnlyLookup = refusingLookup(addressProblem);

/** The `lookup` of the agents of accounts allowed private URLs: the same pinning, refusing metadata addresses only. */
export const noMetadataLookup = refusingLookup(metadataProblem);

function refusingLookup(problemOf: (address: string) => string | undefined) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => lookupRefusing(hostname, options, callback, problemOf);
}

function lookupRefusing(hostname: string, options: LookupOptions, callback: LookupCallback, problemOf: (address: string) => string | undefined): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const problem = resolvedProblem(hostname, addresses, problemOf);
    if (problem) {
      return callback(addresses.length === 0 ? Object.assign(new Error(problem), { code: 'ENOTFOUND' }) : new PrivateAddressError(problem), []);
    }
    const first = addresses[0]!;
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
}
