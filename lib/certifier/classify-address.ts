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

// IPv6 targets must be global unicast: inside 2000::/3 and outside IANA's special-purpose ranges
// that are not globally reachable. Everything outside 2000::/3 is refused; these ranges only name
// the reason. IPv4 carried in IPv6 is handled before (carriedIpv4).
const V6_OUTSIDE: Range[] = [
  ["fd00:ec2::254", 128, "metadata"], // AWS instance metadata over IPv6
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b::", 96, "ipv4-mapped"], // NAT64
  ["64:ff9b:1::", 48, "ipv4-mapped"], // local-use NAT64
  ["fc00::", 7, "private"],
  ["fec0::", 10, "private"], // deprecated site-local
  ["fe80::", 10, "link-local"],
  ["ff00::", 8, "multicast"],
];

// Inside 2000::/3: the globally reachable assignments of 2001::/23 first (they stay allowed), then
// the special-purpose ranges refused.
const V6_GLOBAL_EXCEPTIONS: [prefix: string, bits: number][] = [
  ["2001:1::1", 128], // Port Control Protocol anycast
  ["2001:1::2", 128], // TURN anycast
  ["2001:3::", 32], // AMT
  ["2001:4:112::", 48], // AS112-v6
  ["2001:20::", 28], // ORCHIDv2
  ["2001:30::", 28], // drone remote ID
];
const V6_SPECIAL: Range[] = [
  ["2001::", 32, "reserved"], // Teredo
  ["2001::", 23, "reserved"], // IETF protocol assignments (benchmarking, deprecated ORCHID...)
  ["2001:db8::", 32, "reserved"], // documentation
  ["2002::", 16, "ipv4-mapped"], // 6to4: an IPv4 address in the prefix
  ["3fff::", 20, "reserved"], // documentation (RFC 9637)
];

// Forms that carry an IPv4 address in their last 32 bits and reach it over IPv4.
const V6_CARRIERS: [prefix: string, bits: number][] = [
  ["::ffff:0:0", 96], // IPv4-mapped
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT): ::ffff:0:7f00:1 is 127.0.0.1
  ["0:0:0:ffff::", 96], // the translated form as some parsers read ::ffff:0:0:a.b.c.d
  ["::", 96], // IPv4-compatible (deprecated)
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

// The tables above as numbers, parsed once: a check runs on every incorporation (local-origin.ts).
type Parsed = [prefix: bigint, bits: number, reason: RefusalReason];
const table = (ranges: Range[], parse: (ip: string) => bigint): Parsed[] =>
  ranges.map(([p, bits, why]) => [parse(p), bits, why]);
const v6Prefixes = (ranges: [string, number][]): [bigint, number][] => ranges.map(([p, bits]) => [v6ToBigInt(p), bits]);
const V4 = table(V4_RANGES, v4ToBigInt);
const V6_OUTSIDE_PARSED = table(V6_OUTSIDE, v6ToBigInt);
const V6_SPECIAL_PARSED = table(V6_SPECIAL, v6ToBigInt);
const V6_EXCEPTIONS_PARSED = v6Prefixes(V6_GLOBAL_EXCEPTIONS);
const V6_CARRIERS_PARSED = v6Prefixes(V6_CARRIERS);
const GLOBAL_UNICAST = v6ToBigInt("2000::");

/** The first range in `ranges` that holds `value`, an address `width` bits wide. */
const matchIn = <T extends [bigint, number, ...unknown[]]>(ranges: T[], value: bigint, width: number) =>
  ranges.find(([prefix, bits]) => inRange(value, prefix, bits, width));

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible), if it is such a form. */
function carriedIpv4(value: bigint): bigint | null {
  if (value <= 1n) return null; // :: and ::1 are themselves
  return matchIn(V6_CARRIERS_PARSED, value, 128) ? value & 0xffffffffn : null;
}

function classifyV4(value: bigint): RefusalReason | null {
  return matchIn(V4, value, 32)?.[2] ?? null;
}

function classifyV6(value: bigint): RefusalReason | null {
  const carried = carriedIpv4(value);
  // Classified by the IPv4 it carries; a public one is still refused: connect to it over IPv4.
  if (carried !== null) return classifyV4(carried) ?? "ipv4-mapped";
  if (!inRange(value, GLOBAL_UNICAST, 3, 128)) return matchIn(V6_OUTSIDE_PARSED, value, 128)?.[2] ?? "reserved";
  if (matchIn(V6_EXCEPTIONS_PARSED, value, 128)) return null;
  return matchIn(V6_SPECIAL_PARSED, value, 128)?.[2] ?? null;
}

/** The reason an IP address is refused as a certifier target, or null for a public unicast address. */
export function classifyAddress(ip: string): RefusalReason | null {
  const family = isIP(ip);
  if (family === 4) return classifyV4(v4ToBigInt(ip));
  if (family === 6) return classifyV6(v6ToBigInt(ip));
  return "reserved"; // not an address at all: never connect
}

/** True for a loopback address written as one (127/8, ::1), which CERTIFIER_ALLOW_LOOPBACK may open. */
export function isPlainLoopback(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return classifyV4(v4ToBigInt(ip)) === "loopback";
  return family === 6 && v6ToBigInt(ip) === 1n;
}

/** Host names that reach instance metadata services without a metadata IP in the URL. */
export const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data"]);
