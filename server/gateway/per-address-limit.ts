// Counts open sockets per remote address so one host cannot take every file descriptor.
// Behind a reverse proxy every client shares the proxy's address: raise the cap or set 0.

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack listener) counts as `1.2.3.4`. */
export function normaliseAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export class PerAddressLimit {
  private readonly open = new Map<string, number>();

  /** `max` sockets per address; 0 or Infinity means no limit. */
  constructor(private readonly max: number) {}

  /** True when `address` may open one more socket. */
  allows(address: string): boolean {
    if (this.max <= 0 || this.max === Infinity) return true;
    return (this.open.get(address) ?? 0) < this.max;
  }

  add(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
  }

  remove(address: string): void {
    const n = (this.open.get(address) ?? 0) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
  }

  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
