import { BlockList, isIP } from 'node:net';

/**
 * Where a column may be fetched from (docs/adr/0067-spider-columns.md#fetching): never an address of this machine or
 * of the school's own network — private, loopback, link-local (the cloud's metadata service, 169.254.169.254),
 * unspecified, shared (CGNAT), multicast or reserved — unless the configured allow-list (SPIDER_ALLOWED_HOSTS) names
 * it. Checked for every address a host resolves to, on every redirect, and again when the connection is made.
 */
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const REFUSED_V6: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
];

const refused = new BlockList();
for (const [net, prefix] of REFUSED_V4) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of REFUSED_V6) refused.addSubnet(net, prefix, 'ipv6');

/** An IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, in either spelling): that IPv4 address. */
export function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower) ?? /^::(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted?.[1] && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower) ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The allow-list: addresses and ranges (`127.0.0.1`, `10.1.0.0/16`, `fd00::/8`) that are fetched although refused otherwise. */
export class AddressAllowList {
  private readonly list = new BlockList();
  readonly entries: readonly string[];

  constructor(entries: readonly string[]) {
    this.entries = entries;
    for (const entry of entries) {
      const [net, bits] = entry.split('/');
      const family = net ? isIP(net) : 0;
      if (!net || family === 0) throw new Error(`SPIDER_ALLOWED_HOSTS: "${entry}" is not an IP address or range (e.g. 127.0.0.1, 10.1.0.0/16)`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) {
        this.list.addAddress(net, type);
        continue;
      }
      const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) throw new Error(`SPIDER_ALLOWED_HOSTS: "${entry}" has no valid prefix length`);
      this.list.addSubnet(net, prefix, type);
    }
  }

  /** A comma- or space-separated list as the environment gives it. */
  static parse(raw: string): AddressAllowList {
    return new AddressAllowList(
      raw
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
  }

  has(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    const v4 = family === 6 ? embeddedIpv4(address) : null;
    if (v4) return this.list.check(v4, 'ipv4');
    return this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Whether an address (IPv4 or IPv6, never a name) is one no column may reach without the allow-list. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refused
  if (family === 4) return refused.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4) return refused.check(v4, 'ipv4');
  return refused.check(address, 'ipv6');
}

/** Whether a column may connect to this address. */
export function mayConnect(address: string, allow: AddressAllowList): boolean {
  return !isInternalAddress(address) || allow.has(address);
}
