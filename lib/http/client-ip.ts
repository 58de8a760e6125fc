import { isIP } from "node:net";

export interface ClientIpOptions {
  /** Reverse proxies in front of this server that each append to X-Forwarded-For. */
  trustedProxyHops: number;
  /** On Vercel the platform sets x-vercel-forwarded-for and clients cannot write it. */
  onVercel: boolean;
}

function normalise(raw: string | undefined): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  if (ip.startsWith("[")) ip = ip.slice(1, ip.indexOf("]")); // [v6]:port
  if (ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
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
  const compressed = ip.includes("::");
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = compressed && tail ? tail.split(":") : [];
  // A dotted IPv4 tail stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes(".") ? 2 : 1), 0);
  const groups = [...left, ...Array<string>(8 - width(left) - width(right)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
