import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { FetchFailure, TargetRefusedError } from "./certifier-errors";
import { classifyAddress, isPlainLoopback, METADATA_HOSTS } from "./classify-address";

export interface NetworkPolicy {
  /** CERTIFIER_ALLOW_LOOPBACK: loopback targets are permitted (local demos and tests). */
  allowLoopback: boolean;
  /** CERTIFIER_TIMEOUT: one request's time-out; FETCH_LIMITS.timeoutMs when absent. */
  requestTimeoutMs?: number;
  /** CERTIFIER_BUDGET: a whole certification's; CERTIFICATION_BUDGET_MS when absent. */
  budgetMs?: number;
}

export interface VettedTarget {
  url: URL;
  /** The checked address the connection must use: pinning it defeats DNS rebinding. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The system resolver has no deadline of its own (it can hang for the resolver's whole retry
 * schedule); the certifier stops waiting after this.
 */
export const DNS_TIMEOUT_MS = 5000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timed out"), { code: "ETIMEOUT" })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer)) as Promise<T>;
}

function refuse(url: URL, reason: TargetRefusedError["reason"], address: string | null, why: string): never {
  throw new TargetRefusedError(reason, url.href, address, why);
}

/**
 * Checks a URL against the certifier's network policy before anything connects: http(s) only, no
 * credentials, and every address the host resolves to must be public unicast (loopback too when the
 * development setting allows it). One refused address refuses the host, so a name cannot mix a
 * public and a private answer. Returns the address to connect to.
 */
export async function vetTarget(
  url: URL,
  policy: NetworkPolicy,
  resolve: Resolver = systemResolver,
  /** At most DNS_TIMEOUT_MS; less when the certification's budget has less left. */
  dnsTimeoutMs = DNS_TIMEOUT_MS,
): Promise<VettedTarget> {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    refuse(url, "scheme", null, `Only http and https URLs are fetched (got ${url.protocol}).`);
  }
  if (url.username || url.password) refuse(url, "credentials", null, "URLs with credentials are not fetched.");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (METADATA_HOSTS.has(host.replace(/\.$/, ""))) {
    refuse(url, "metadata", null, `${host} is a cloud metadata service.`);
  }

  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await withDeadline(resolve(host), Math.min(DNS_TIMEOUT_MS, dnsTimeoutMs));
    } catch (err) {
      throw new FetchFailure("dns", `DNS lookup of ${host} failed (${(err as { code?: string }).code ?? "error"}).`);
    }
    if (addresses.length === 0) throw new FetchFailure("dns", `DNS lookup of ${host} returned no address.`);
  }
  for (const { address } of addresses) {
    const reason = classifyAddress(address);
    // The development setting opens loopback as written, never loopback carried inside IPv6.
    if (reason === null || (reason === "loopback" && policy.allowLoopback && isPlainLoopback(address))) continue;
    const via = address === host ? "" : ` (${host} resolves to it)`;
    refuse(
      url,
      reason,
      address,
      `Refused (${reason}): ${address}${via}; the certifier only connects to public addresses.`,
    );
  }
  const first = addresses[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
