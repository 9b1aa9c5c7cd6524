// Counts open sockets per client so one host cannot take every file descriptor. The client
// is the peer, or with TRUST_PROXY the address its proxies report (proxy-trust.ts); IPv6
// clients are counted per /64 (addressKey), the block one host or one site usually gets.
import { isIPv6 } from 'node:net';

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack listener) counts as `1.2.3.4`. */
export function normaliseAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** The eight 16-bit groups of an IPv6 address (zone and embedded IPv4 handled); null if not IPv6. */
function ipv6Groups(address: string): number[] | null {
  const a = address.split('%')[0];
  if (!isIPv6(a)) return null;
  let text = a;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number);
    text = text.slice(0, v4.index) + `${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<number>(zeros).fill(0), ...right];
}

/**
 * The key the per-client limits count under: the IPv4 address itself, an IPv6 address's /64
 * (a host can pick any of the 2^64 addresses of its own /64, so per-address counting would
 * mean nothing there).
 */
export function addressKey(address: string): string {
  const g = ipv6Groups(address);
  if (!g) return address;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

export class PerAddressLimit {
  private readonly open = new Map<string, number>();

  /** `max` sockets per key; 0 or Infinity means no limit. */
  constructor(private readonly max: number) {}

  /** True when `key` may open one more socket. */
  allows(key: string): boolean {
    if (this.max <= 0 || this.max === Infinity) return true;
    return (this.open.get(key) ?? 0) < this.max;
  }

  add(key: string): void {
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
  }

  remove(key: string): void {
    const n = (this.open.get(key) ?? 0) - 1;
    if (n > 0) this.open.set(key, n);
    else this.open.delete(key);
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}
