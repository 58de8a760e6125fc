import { isIP } from "node:net";

/** Why the certifier refuses a target. docs/registry.md ("Network safety") lists each one. */
export type RefusalReason =
  | "scheme"
  | "credentials"
  | "loopback"
  | "private"
  | "link-local"
  | "multicast"
  | "ipv4-mapped"
  | "metadata"
  | "unspecified"
  | "reserved";

type Range = [prefix: string, bits: number, reason: RefusalReason];

// Order matters: the first matching range names the reason, so the specific (metadata) precede the
// general (link-local, private).
const V4_RANGES: Range[] = [
  ["169.254.169.254", 32, "metadata"], // AWS, GCP, Azure, OpenStack instance metadata
  ["169.254.170.2", 32, "metadata"], // AWS ECS task metadata
  ["100.100.100.200", 32, "metadata"], // Alibaba Cloud
  ["168.63.129.16", 32, "metadata"], // Azure wire server
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"], // carrier-grade NAT
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"], // includes the broadcast address
];

const V6_RANGES: Range[] = [
  ["fd00:ec2::254", 128, "metadata"], // AWS instance metadata over IPv6
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  // IPv4 carried inside IPv6 reaches IPv4 space this list would otherwise refuse: mapped, compatible, NAT64, 6to4.
  ["::ffff:0:0", 96, "ipv4-mapped"],
  ["::ffff:0:0:0", 96, "ipv4-mapped"], // IPv4-translated (SIIT): ::ffff:0:7f00:1 is 127.0.0.1
  ["::", 96, "ipv4-mapped"],
  ["64:ff9b::", 96, "ipv4-mapped"],
  ["64:ff9b:1::", 48, "ipv4-mapped"],
  ["2002::", 16, "ipv4-mapped"],
  ["100::", 64, "reserved"],
  ["2001::", 32, "reserved"], // Teredo
  ["2001:db8::", 32, "reserved"],
  ["fc00::", 7, "private"],
  ["fec0::", 10, "private"], // deprecated site-local
  ["fe80::", 10, "link-local"],
  ["ff00::", 8, "multicast"],
];

function v4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBigInt(ip: string): bigint {
  let text = ip.toLowerCase().split("%")[0] ?? "";
  // A dotted tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4ToBigInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g || "0", 16)), 0n);
}

function inRange(value: bigint, prefix: bigint, bits: number, width: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

/** The reason an IP address is refused as a certifier target, or null for a public unicast address. */
export function classifyAddress(ip: string): RefusalReason | null {
  const family = isIP(ip);
  if (family === 4) {
    const value = v4ToBigInt(ip);
    return V4_RANGES.find(([p, bits]) => inRange(value, v4ToBigInt(p), bits, 32))?.[2] ?? null;
  }
  if (family === 6) {
    const value = v6ToBigInt(ip);
    return V6_RANGES.find(([p, bits]) => inRange(value, v6ToBigInt(p), bits, 128))?.[2] ?? null;
  }
  return "reserved"; // not an address at all: never connect
}

/** Host names that reach instance metadata services without a metadata IP in the URL. */
export const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data"]);
