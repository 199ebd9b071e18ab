import { describe, expect, it } from '@jest/globals';
import { AddressAllowList, embeddedIpv4, isInternalAddress, mayConnect } from './address-guard.js';

describe('the address guard (docs/adr/0067-spider-columns.md#fetching)', () => {
  it('refuses private, loopback, link-local, unspecified, shared and multicast addresses, IPv4 and IPv6', () => {
    for (const a of ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '127.8.8.8', '169.254.169.254', '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1']) {
      expect([a, isInternalAddress(a)]).toEqual([a, true]);
    }
  });

  it('lets public addresses through', () => {
    for (const a of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '11.0.0.1', '2400:3200::1', '2001:4860:4860::8888']) {
      expect([a, isInternalAddress(a)]).toEqual([a, false]);
    }
  });

  it('reads IPv4 carried in IPv6 (mapped, either spelling) as the IPv4 address it is', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::ffff:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(isInternalAddress('::ffff:a9fe:a9fe')).toBe(true);
    expect(isInternalAddress('::ffff:8.8.8.8')).toBe(false);
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
  });

  it('refuses what is not an address at all', () => {
    expect(isInternalAddress('localhost')).toBe(true);
    expect(isInternalAddress('')).toBe(true);
  });

  it('allows what the allow-list names — an address or a range — and nothing else internal', () => {
    const allow = AddressAllowList.parse('127.0.0.1, 10.1.0.0/16');
    expect(mayConnect('127.0.0.1', allow)).toBe(true);
    expect(mayConnect('127.0.0.2', allow)).toBe(false);
    expect(mayConnect('10.1.2.3', allow)).toBe(true);
    expect(mayConnect('10.2.0.1', allow)).toBe(false);
    expect(mayConnect('169.254.169.254', allow)).toBe(false);
    expect(mayConnect('::ffff:127.0.0.1', allow)).toBe(true);
    expect(mayConnect('8.8.8.8', AddressAllowList.parse(''))).toBe(true);
    expect(mayConnect('127.0.0.1', AddressAllowList.parse(''))).toBe(false);
  });

  it('stops the start on an entry that is no address or range', () => {
    expect(() => AddressAllowList.parse('intranet.local')).toThrow(/SPIDER_ALLOWED_HOSTS/);
    expect(() => AddressAllowList.parse('10.0.0.0/40')).toThrow(/prefix/);
    expect(AddressAllowList.parse(' 127.0.0.1 ,fd00::/8 ').entries).toEqual(['127.0.0.1', 'fd00::/8']);
  });
});
