import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** TRUST_PROXY as read: no proxy, the nearest N hops, or the proxies' addresses (IP or CIDR). */
export type TrustProxySetting = false | number | string[];

/** Whether the address at `hop` (0: the connection's peer, 1: the last X-Forwarded-For entry…) is a trusted proxy. */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function proxyList(entries: readonly string[]): ProxyTrust {
  const proxies = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (raw) => {
    const address = raw?.replace(IPV4_MAPPED, '$1') ?? '';
    const family = isIP(address);
    return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The one answer to "which proxies are believed", for Fastify (the client's
 * address, so the rate limit, and the protocol) and for the few answers
 * Fastify makes before its hooks run. A hop count trusts the nearest hops
 * whoever they are, so it fits a server only its proxy can reach; a list of
 * addresses holds wherever the server listens.
 */
export function proxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyList(setting);
}

/** Whether the request reached a trusted proxy over HTTPS: X-Forwarded-Proto, believed only from such a proxy. */
export function cameOverHttps(trust: ProxyTrust | false, raw: IncomingMessage): boolean {
  const header = raw.headers['x-forwarded-proto'];
  if (!trust || typeof header !== 'string' || !trust(raw.socket.remoteAddress, 0)) return false;
  return header.split(',').at(-1)?.trim().toLowerCase() === 'https';
}
