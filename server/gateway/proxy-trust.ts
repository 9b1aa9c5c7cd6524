// Which reverse proxies in front of the gateway are trusted (env TRUST_PROXY), and what a
// request's client address, host and scheme are once their X-Forwarded-* headers are read.
// Same model as Express's "trust proxy" setting: `true`, a hop count, or a list of
// addresses/CIDRs with the names `loopback`, `linklocal`, `uniquelocal`.
// X-Forwarded-* from a peer that is not trusted are ignored: any client can send them.
import { BlockList, isIP } from 'node:net';
import { normaliseAddress } from './per-address-limit';

/** TRUST_PROXY parsed (plain data, so the config can be compared and printed). */
export type TrustProxySetting =
  | { kind: 'none' }
  /** Every hop is trusted: the client is the leftmost X-Forwarded-For entry. */
  | { kind: 'all' }
  /** The `hops` nearest hops (the peer first) are proxies; the client is the next one. */
  | { kind: 'hops'; hops: number }
  /** Addresses in these subnets are proxies; the client is the rightmost address outside them. */
  | { kind: 'list'; subnets: readonly string[] };

export class TrustProxyError extends Error {}

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Parses one subnet `a.b.c.d[/n]` or `v6[/n]` into [address, prefix, family]. */
function parseSubnet(entry: string): [string, number, 'ipv4' | 'ipv6'] {
  const [rawAddr, rawPrefix, extra] = entry.split('/');
  const addr = normaliseAddress(rawAddr);
  const family = isIP(addr);
  if (!family || extra !== undefined) throw new TrustProxyError(`TRUST_PROXY: "${entry}" is not an address, a CIDR or one of ${Object.keys(NAMED).join(', ')}`);
  const max = family === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (!/^\d+$/.test(rawPrefix ?? String(max)) || prefix > max) throw new TrustProxyError(`TRUST_PROXY: bad prefix length in "${entry}"`);
  return [addr, prefix, family === 4 ? 'ipv4' : 'ipv6'];
}

/**
 * Parses TRUST_PROXY. Unset, empty, `false` or `0`: trust nothing. `true`: trust every hop.
 * A whole number n >= 1: the n nearest hops are proxies. Otherwise a comma list of
 * addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return { kind: 'none' };
  if (v === 'true') return { kind: 'all' };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Number(v) };
  const subnets: string[] = [];
  for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    for (const entry of NAMED[item.toLowerCase()] ?? [item]) {
      const [addr, prefix] = parseSubnet(entry);
      subnets.push(`${addr}/${prefix}`);
    }
  }
  if (!subnets.length) return { kind: 'none' };
  return { kind: 'list', subnets };
}

/** One line for the start-up log: whose forwarded headers the server believes. */
export function describeTrustProxy(t: TrustProxySetting): string {
  switch (t.kind) {
    case 'none':
      return 'Reverse proxy: X-Forwarded-* ignored (TRUST_PROXY unset); clients are counted by their TCP peer address';
    case 'all':
      return 'Reverse proxy: every hop trusted (TRUST_PROXY=true); client = leftmost X-Forwarded-For entry';
    case 'hops':
      return `Reverse proxy: the ${t.hops} nearest hop(s) trusted (TRUST_PROXY=${t.hops})`;
    case 'list':
      return `Reverse proxy: X-Forwarded-* believed from ${t.subnets.join(', ')}`;
  }
}

/** What the gateway believes about an upgrade request once proxies are accounted for. */
export interface ResolvedRequest {
  /** The client's address (normalised): the peer's, or one read from X-Forwarded-For. */
  address: string;
  /** Host the browser asked for: X-Forwarded-Host from a trusted peer, else Host. */
  host: string | undefined;
  /** `http`/`https` from X-Forwarded-Proto of a trusted peer; undefined when not known. */
  proto: 'http' | 'https' | undefined;
}

type Headers = Record<string, string | string[] | undefined>;

/** `1.2.3.4`, `1.2.3.4:5678`, `[v6]:port` or `v6` -> the address; '' when none of these. */
export function parseForwardedAddress(token: string): string {
  let s = token.trim();
  if (s.startsWith('[')) s = s.slice(1, s.indexOf(']') > 0 ? s.indexOf(']') : undefined);
  else if (!isIP(s)) s = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s)?.[1] ?? '';
  s = normaliseAddress(s);
  return isIP(s) ? s : '';
}

/** First value of a header that may be repeated or a comma list (the outermost proxy's). */
function firstValue(h: string | string[] | undefined): string | undefined {
  const v = Array.isArray(h) ? h[0] : h;
  const first = v?.split(',')[0]?.trim();
  return first ? first : undefined;
}

function allValues(h: string | string[] | undefined): string[] {
  if (h === undefined) return [];
  return (Array.isArray(h) ? h.join(',') : h).split(',');
}

export class ProxyTrust {
  private readonly trusts: (address: string, hop: number) => boolean;

  constructor(readonly setting: TrustProxySetting = { kind: 'none' }) {
    switch (setting.kind) {
      case 'none':
        this.trusts = () => false;
        break;
      case 'all':
        this.trusts = () => true;
        break;
      case 'hops':
        this.trusts = (_a, hop) => hop < setting.hops;
        break;
      case 'list': {
        const list = new BlockList();
        for (const s of setting.subnets) {
          const [addr, prefix, family] = parseSubnet(s);
          list.addSubnet(addr, prefix, family);
        }
        this.trusts = (a) => {
          const family = isIP(a);
          return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
        };
        break;
      }
    }
  }

  /** True when headers from this directly connected peer may be believed. */
  trustsPeer(peer: string): boolean {
    return this.trusts(normaliseAddress(peer), 0);
  }

  /**
   * The client address: walking from the peer leftwards through X-Forwarded-For, the first
   * hop that is not trusted (Express/proxy-addr semantics). An entry that is not an address
   * stops the walk at the hop that reported it, so garbage is never used as an address.
   */
  clientAddress(peer: string, xForwardedFor: string | string[] | undefined): string {
    const chain = [normaliseAddress(peer)];
    if (this.trusts(chain[0], 0)) for (const t of allValues(xForwardedFor).reverse()) chain.push(parseForwardedAddress(t));
    for (let i = 0; i < chain.length; i++) {
      const last = i === chain.length - 1;
      if (last || !this.trusts(chain[i], i)) return chain[i];
      if (!chain[i + 1]) return chain[i];
    }
    return chain[0];
  }

  resolve(peer: string | undefined, headers: Headers): ResolvedRequest {
    const address = this.clientAddress(peer ?? '', headers['x-forwarded-for']);
    const hostHeader = typeof headers.host === 'string' ? headers.host : undefined;
    if (!this.trustsPeer(peer ?? '')) return { address, host: hostHeader, proto: undefined };
    const proto = firstValue(headers['x-forwarded-proto'])?.toLowerCase();
    return {
      address,
      host: firstValue(headers['x-forwarded-host']) ?? hostHeader,
      proto: proto === 'https' || proto === 'wss' ? 'https' : proto === 'http' || proto === 'ws' ? 'http' : undefined,
    };
  }
}
