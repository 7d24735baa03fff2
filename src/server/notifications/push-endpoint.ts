/**
 * Where the server may send a Web Push message (ASVS 1.3.6, 13.2.4: no request forgery through
 * a subscription a member registered). An endpoint must be an `https:` URL on the default port
 * of a known push service's host (`PUSH_ALLOWED_HOSTS`), and the address the host resolves to
 * when the message is sent must be a public one: the connection goes to the address that was
 * checked (`guardedLookup`), so a name that resolves elsewhere a second time (DNS rebinding)
 * reaches nothing. docs/decisions/0035 says why.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';

/** The browsers' push services (Chrome and other Chromium browsers, Safari, Firefox, Edge). */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  '*.push.apple.com',
  'push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
] as const;

export interface PushEndpointPolicy {
  /** Exact host names, or `*.domain` for any name below that domain. */
  hosts: readonly string[];
  /**
   * Tests only (PUSH_ALLOW_LOOPBACK, refused in production): a loopback address (127.0.0.0/8,
   * ::1) named in `hosts` may be reached, on any port. Private ranges never.
   */
  allowLoopback: boolean;
}

/** Why an endpoint is refused (for the log; the member is told only that it is not accepted). */
export type EndpointProblem = 'url' | 'scheme' | 'credentials' | 'port' | 'host' | 'address';

/**
 * Addresses that are never a push service: private, loopback, link-local, reserved… One list
 * per family: a BlockList matches an IPv4 address against IPv6 rules through its mapped form
 * (and the reverse), which would make every IPv4 address fall under `::ffff:0:0/96`.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: an IPv4 address in IPv6 clothing
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: wraps any IPv4 address
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill(0);
  return [...left, ...middle, ...right];
}

const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** NAT64's well-known prefix carries an IPv4 address in its last 32 bits: that one decides. */
function embeddedNat64(address: string): string | null {
  if (!NAT64.check(address, 'ipv6')) return null;
  const groups = ipv6Groups(address);
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address a push service may have: not private, loopback, link-local… */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  const nat64 = embeddedNat64(address);
  if (nat64) return isPublicAddress(nat64);
  return !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** 127.0.0.0/8 or ::1 (not their IPv4-mapped forms: those stay refused). */
const isLoopback = (address: string) => {
  const family = isIP(address);
  if (family === 4) return LOOPBACK_V4.check(address, 'ipv4');
  return family === 6 && ipv6Groups(address).every((g, i) => g === (i === 7 ? 1 : 0));
};

/** Whether the policy lets the server connect to this resolved address. */
export function addressAllowed(address: string, policy: PushEndpointPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback && isLoopback(address));
}

const normaliseHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');

function hostListed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) => {
    const p = normaliseHost(pattern);
    if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
    return host === p;
  });
}

/**
 * Null when the server may send to this endpoint, or why not. Checked when a subscription is
 * saved and again before each message (the list may have changed, the row may predate it).
 */
export function endpointProblem(
  endpoint: string,
  policy: PushEndpointPolicy,
): EndpointProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  const host = normaliseHost(url.hostname);
  if (!hostListed(host, policy.hosts)) return 'host';
  const literal = isIP(host) !== 0;
  if (literal && !addressAllowed(host, policy)) return 'address';
  // Push services listen on 443; a local stand-in in tests on whatever port it was given.
  if (url.port && !(policy.allowLoopback && literal && isLoopback(host))) return 'port';
  return null;
}

/** A refused address, as the error a connection attempt fails with. */
export class RefusedAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor() {
    super('push endpoint resolves to an address that is not allowed');
  }
}

export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const familyNumber = (family: number | string | undefined) =>
  family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : typeof family === 'number' ? family : 0;

/**
 * A `lookup` for the push connections' agent: resolves the name, and answers only with the
 * addresses the policy allows (every one of them must be allowed: a name that also resolves to
 * a private address is refused whole). The socket then connects to what was answered here,
 * not to a second resolution. `resolve` is replaceable for tests (a stubbed resolver).
 */
export function guardedLookup(
  policy: PushEndpointPolicy,
  resolve: Resolver = dnsLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      const none = options.all ? [] : '';
      if (error) return callback(error, none);
      const family = familyNumber(options.family);
      const wanted = addresses.filter((a) => !family || family === a.family);
      if (wanted.length === 0 || !addresses.every((a) => addressAllowed(a.address, policy))) {
        return callback(new RefusedAddressError(), none);
      }
      if (options.all) return callback(null, wanted);
      return callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}

/**
 * The agent every push connection goes through (web-push takes it as `agent`): its lookup
 * resolves the push service's name and the socket connects only to an address the policy
 * allows, the one it checked. `tls` trusts a test stand-in's certificate; `resolve` is a
 * test's stubbed resolver.
 */
export function createPushAgent(
  policy: PushEndpointPolicy,
  tls: Pick<AgentOptions, 'ca' | 'rejectUnauthorized'> = {},
  resolve?: Resolver,
): Agent {
  return new Agent({
    keepAlive: true,
    maxSockets: 50,
    ...tls,
    lookup: guardedLookup(policy, resolve),
  });
}

/** PUSH_ALLOWED_HOSTS as a list (comma-separated); empty or unset: the defaults above. */
export function parsePushHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : [...DEFAULT_PUSH_HOSTS];
}
