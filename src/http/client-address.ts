import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/**
 * Who a request comes from, for bounds kept per client (APQ registrations). proxy-addr
 * (Express's) reads X-Forwarded-For, and ipaddr.js (its own parser) the addresses: both small,
 * long-kept, and one copy of ipaddr.js between them.
 *
 * - Without TRUSTED_PROXIES: the socket's address; X-Forwarded-For is ignored, since any client
 *   may write it.
 * - With it: the right-most address of X-Forwarded-For that is not a trusted proxy (the socket's
 *   address first), so that clients behind the caching proxy the docs recommend are told apart,
 *   and an address a client wrote itself, left of the one its proxy added, is never believed.
 *
 * An IPv6 client counts by its /64, the block one subscriber or host is given: its other 2^64
 * addresses are the same client. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack
 * socket reports IPv4 peers) is its IPv4 address.
 */
export type ClientNetworkOf = (request: IncomingMessage) => string | undefined;

export function clientNetworkOf(trustedProxies: readonly string[] | undefined): ClientNetworkOf {
  if (!trustedProxies || trustedProxies.length === 0) return (request) => networkOf(request.socket.remoteAddress);
  const trusted = proxyaddr.compile([...trustedProxies]);
  return (request) => networkOf(proxyaddr(request, trusted));
}

/**
 * The last address asked and its network: a connection's requests, and those a proxy forwards,
 * come from the same address one after the other, and parsing it costs about 1 % of an answer's
 * CPU (docs/performance.md). One entry, so nothing grows.
 */
let last: { address: string; network: string } = { address: '', network: 'invalid' };

/** An address as a bound counts it: IPv4 as itself, IPv6 as its /64; `invalid` for what is no address. */
export function networkOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  if (address === last.address) return last.network;
  const network = parsedNetworkOf(address);
  last = { address, network };
  return network;
}

function parsedNetworkOf(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a, b, c, d] = (parsed as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return `${a}:${b}:${c}:${d}::/64`;
}
