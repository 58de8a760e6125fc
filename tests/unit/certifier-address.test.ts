import { describe, expect, it, vi } from "vitest";
import { FetchFailure, TargetRefusedError } from "@/lib/certifier/certifier-errors";
import { classifyAddress } from "@/lib/certifier/classify-address";
import { DNS_TIMEOUT_MS, vetTarget } from "@/lib/certifier/vet-target";

const CASES: [string, ReturnType<typeof classifyAddress>][] = [
  ["8.8.8.8", null],
  ["1.1.1.1", null],
  ["2606:4700:4700::1111", null],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["::1", "loopback"],
  ["10.1.2.3", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["100.64.0.1", "private"],
  ["fd12:3456::1", "private"],
  ["169.254.1.1", "link-local"],
  ["fe80::1", "link-local"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["ff02::1", "multicast"],
  // IPv4 inside IPv6 is classified by the IPv4 it carries; a public one is still refused (reach it over IPv4).
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "metadata"],
  ["::ffff:8.8.8.8", "ipv4-mapped"],
  ["64:ff9b::a00:1", "ipv4-mapped"],
  // IPv4-translated, ::ffff:0:0:0/96, across the range: loopback, private, public, both ends.
  ["::ffff:0:7f00:1", "loopback"],
  ["::ffff:0:a00:1", "private"],
  ["::ffff:0:808:808", "ipv4-mapped"],
  ["::ffff:0:0:0", "unspecified"],
  ["::ffff:0:ffff:ffff", "reserved"],
  // The translated form as ::ffff:0:0:a.b.c.d reads, and IPv4-compatible.
  ["::ffff:0:0:7f00:1", "loopback"],
  ["::ffff:0:0:808:808", "ipv4-mapped"],
  ["::127.0.0.1", "loopback"],
  ["169.254.169.254", "metadata"],
  ["fd00:ec2::254", "metadata"],
  ["100.100.100.200", "metadata"],
  ["0.0.0.0", "unspecified"],
  ["::", "unspecified"],
  ["255.255.255.255", "reserved"],
  ["192.0.2.1", "reserved"],
  ["2001:db8::1", "reserved"],
  // IPv6 is allowed only in 2000::/3, minus IANA's special-purpose ranges that are not global.
  ["2a00:1450:4001::200e", null],
  ["3ffe:ffff::1", null],
  ["3fff::1", "reserved"], // documentation (RFC 9637)
  ["3fff:fff:ffff::1", "reserved"],
  ["5f00::1", "reserved"], // SRv6 SIDs, outside 2000::/3
  ["4000::1", "reserved"],
  ["1fff:ffff::1", "reserved"],
  ["::2", "unspecified"],
  ["100::1", "reserved"], // discard-only
  ["2001::1", "reserved"], // Teredo
  ["2001:2::1", "reserved"], // benchmarking
  ["2001:10::1", "reserved"], // deprecated ORCHID
  ["2001:1ff::1", "reserved"], // the rest of 2001::/23
  ["2001:200::1", null], // first address past 2001::/23
  ["2001:1::1", null], // PCP anycast: global
  ["2001:1::3", "reserved"],
  ["2001:3::1", null], // AMT: global
  ["2001:4:112::1", null], // AS112-v6: global
  ["2001:20::1", null], // ORCHIDv2: global
  ["2001:30::1", null], // drone remote ID: global
  ["2002:7f00:1::", "ipv4-mapped"], // 6to4
  ["2002:808:808::", "ipv4-mapped"],
];

const policy = { allowLoopback: false };
const resolverFor = (answers: Record<string, string[]>) => async (host: string) => {
  const list = answers[host];
  if (!list) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

async function refusedReason(url: string, answers: Record<string, string[]> = {}, allowLoopback = false) {
  try {
    await vetTarget(new URL(url), { allowLoopback }, resolverFor(answers));
  } catch (err) {
    if (err instanceof TargetRefusedError) return err.reason;
    throw err;
  }
  return null;
}

describe("certifier address policy", () => {
  it.each(CASES)("classifies %s as %s", (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });

  it("refuses every non-public class in URLs, written as IP literals", async () => {
    expect(await refusedReason("http://127.0.0.1:8080/")).toBe("loopback");
    expect(await refusedReason("http://[::1]/")).toBe("loopback");
    expect(await refusedReason("http://10.0.0.1/")).toBe("private");
    expect(await refusedReason("http://[fe80::1]/")).toBe("link-local");
    expect(await refusedReason("http://224.0.0.251/")).toBe("multicast");
    expect(await refusedReason("http://[::ffff:127.0.0.1]/")).toBe("loopback");
    expect(await refusedReason("http://[::ffff:0:7f00:1]/")).toBe("loopback");
    expect(await refusedReason("http://[::ffff:0:0:7f00:1]/")).toBe("loopback");
    expect(await refusedReason("http://[3fff::1]/")).toBe("reserved");
    expect(await refusedReason("http://[5f00::1]/")).toBe("reserved");
    expect(await refusedReason("http://169.254.169.254/latest/meta-data")).toBe("metadata");
    // WHATWG URL parsing normalises the odd IPv4 spellings before the check.
    expect(await refusedReason("http://0x7f000001/")).toBe("loopback");
    expect(await refusedReason("http://2130706433/")).toBe("loopback");
  });

  it("refuses other schemes, credentials and metadata host names before resolving anything", async () => {
    expect(await refusedReason("ftp://example.com/")).toBe("scheme");
    expect(await refusedReason("file:///etc/passwd")).toBe("scheme");
    expect(await refusedReason("https://user:pw@example.com/")).toBe("credentials");
    expect(await refusedReason("http://metadata.google.internal/computeMetadata/v1/")).toBe("metadata");
  });

  it("checks what a host name resolves to: a name for loopback or a private address is refused", async () => {
    const answers = {
      localhost: ["127.0.0.1", "::1"],
      "internal.example": ["10.0.0.5"],
      "mixed.example": ["93.184.216.34", "192.168.0.10"],
      "public.example": ["93.184.216.34"],
    };
    expect(await refusedReason("http://localhost:3000/", answers)).toBe("loopback");
    expect(await refusedReason("https://internal.example/", answers)).toBe("private");
    // One bad answer refuses the name: the connection could otherwise land on it.
    expect(await refusedReason("https://mixed.example/", answers)).toBe("private");
    expect(await refusedReason("https://public.example/", answers)).toBe(null);
  });

  it("pins the connection to the address it checked", async () => {
    const target = await vetTarget(
      new URL("https://public.example/x"),
      policy,
      resolverFor({ "public.example": ["93.184.216.34"] }),
    );
    expect(target).toMatchObject({ address: "93.184.216.34", family: 4 });
  });

  it("opens loopback only with the development setting, and nothing else with it", async () => {
    const answers = { localhost: ["127.0.0.1"] };
    expect(await refusedReason("http://localhost:3000/", answers, true)).toBe(null);
    expect(await refusedReason("http://127.0.0.1/", {}, true)).toBe(null);
    expect(await refusedReason("http://10.0.0.1/", {}, true)).toBe("private");
    expect(await refusedReason("http://169.254.169.254/", {}, true)).toBe("metadata");
    // Loopback carried inside IPv6 stays refused: the setting opens loopback as written only.
    expect(await refusedReason("http://[::ffff:127.0.0.1]/", {}, true)).toBe("loopback");
    expect(await refusedReason("http://[::ffff:0:0:7f00:1]/", {}, true)).toBe("loopback");
    expect(await refusedReason("http://[::1]/", {}, true)).toBe(null);
  });

  it("reports a name that does not resolve as a network failure, not a refusal", async () => {
    await expect(vetTarget(new URL("https://nowhere.invalid/"), policy, resolverFor({}))).rejects.toBeInstanceOf(
      FetchFailure,
    );
  });

  it("stops waiting for a resolver that never answers, as a DNS failure", async () => {
    vi.useFakeTimers();
    try {
      const pending = vetTarget(new URL("https://hangs.example/"), policy, () => new Promise(() => {}));
      const outcome = pending.catch((err: unknown) => err);
      await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS);
      const err = await outcome;
      expect(err).toBeInstanceOf(FetchFailure);
      expect(err).toMatchObject({ kind: "dns", message: expect.stringMatching(/hangs\.example failed \(ETIMEOUT\)/) });
    } finally {
      vi.useRealTimers();
    }
  });
});
