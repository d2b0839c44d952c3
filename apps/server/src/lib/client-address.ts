import { isIPv6 } from 'node:net';

/**
 * The client address as counted: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so counting single addresses would not limit them).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded (a zone index is dropped). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = (ip.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
