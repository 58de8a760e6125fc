import { isIP } from "node:net";

export interface ClientIpOptions {
  /** Reverse proxies in front of this server that each append to X-Forwarded-For. */
  trustedProxyHops: number;
  /** On Vercel the platform sets x-vercel-forwarded-for and clients cannot write it. */
  onVercel: boolean;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(ip: string): number[] {
  const [head = "", tail = ""] = ip.split("::");
  const parse = (part: string) =>
    part
      ? part.split(":").flatMap((g) => {
          if (!g.includes(".")) return [Number.parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = parse(head);
  const right = ip.includes("::") ? parse(tail) : [];
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * An address in one spelling per client: brackets and a port a proxy may have written removed, an
 * IPv4-mapped IPv6 address (::ffff:1.2.3.4, or ::ffff:102:304) as the IPv4 address it maps.
 */
function normalise(raw: string | undefined): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  if (ip.startsWith("["))
    ip = ip.slice(1, ip.indexOf("]")); // [v6]:port
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":")); // v4:port
  if (isIP(ip) === 6) {
    const groups = ipv6Groups(ip);
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
      const [hi = 0, lo = 0] = groups.slice(6);
      return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
    }
  }
  return isIP(ip) ? ip.toLowerCase() : null;
}

/**
 * The client's IP address, from a source the client cannot forge. scripts/server.mjs appends the
 * socket address to X-Forwarded-For, so its right-most entry is the connecting peer; with N trusted
 * proxies in front, the client is N entries further left. Anything a client wrote further left is
 * ignored. Returns "unknown" when no usable address is present.
 */
export function clientIp(headers: Headers, options: ClientIpOptions): string {
  if (options.onVercel) {
    const vercel = normalise(headers.get("x-vercel-forwarded-for")?.split(",")[0]);
    if (vercel) return vercel;
  }
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim());
  const index = hops.length - 1 - options.trustedProxyHops;
  return normalise(hops[Math.max(0, index)]) ?? "unknown";
}

/**
 * Whom a per-IP rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 prefix.
 * One subscriber usually holds a whole /64, so counting single IPv6 addresses would let a client
 * dodge the limit by rotating through its own prefix.
 */
export function rateLimitSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  return `${ipv6Groups(ip)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
