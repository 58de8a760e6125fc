import { createHmac } from "node:crypto";
import { boundedMemo } from "../cache/bounded-memo";
import { currentHmacKey } from "../signing/keys";

/** Domain-separates these hashes from every other use of the audit secret. */
const LABEL = "sia.audit.actor.ip.v1";

// Agents call repeatedly from one address: each is hashed once per secret.
const actorOf = boundedMemo(
  4096,
  ({ ip, secret }: { ip: string; secret: string }) =>
    `ip:${createHmac("sha256", secret).update(`${LABEL}\n${ip}`, "utf8").digest("hex").slice(0, 16)}`,
  ({ ip, secret }) => `${secret}\n${ip}`,
);

/**
 * The `actor` of an entry caused by a client at `ip`: `ip:` + the first 16 hex digits of
 * HMAC-SHA256(current audit secret, label + ip). The same address gives the same actor while the
 * secret stays, so a log shows which calls came from one client without ever storing the address;
 * without the secret the hash cannot be reversed by trying the IPv4 space.
 */
export function actorForIp(ip: string): string {
  return actorOf({ ip, secret: currentHmacKey().secret });
}
