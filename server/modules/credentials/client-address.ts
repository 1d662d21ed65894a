import ipaddr from 'ipaddr.js';

/**
 * The key a limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or one server is usually given a whole /64, so counting single IPv6 addresses would
 * give an attacker 2^64 fresh ones). IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
