import { actorForIp } from "../audit/actor";
import { getConfig } from "../config/config";
import { bearerToken } from "../http/bearer";
import { clientIp } from "../http/client-ip";
import { ApiError } from "../http/problem";
import { PUBLIC_SCOPE } from "../identity/caller-scope";
import { sameSecret } from "../identity/same-secret";

export interface Caller {
  /** The audit `actor`: `key:<id>` with API keys, else `ip:<keyed hash>`. */
  actor: string;
  /** Scope of client-chosen idempotency keys. */
  scope: string;
  authMode: "none" | "bearer";
}

function parseKeys(value: string): { id: string; key: string }[] {
  return value.split(",").map((pair) => {
    const at = pair.indexOf(":");
    return { id: pair.slice(0, at), key: pair.slice(at + 1) };
  });
}

/** Open by default; with INCORPORATE_API_KEYS, a bearer key from that list is required. */
export function authorizeIncorporation(request: Request): Caller {
  const { env } = getConfig();
  if (!env.INCORPORATE_API_KEYS) {
    const ip = clientIp(request.headers, { trustedProxyHops: env.TRUSTED_PROXY_HOPS, onVercel: Boolean(env.VERCEL) });
    return { actor: actorForIp(ip), scope: PUBLIC_SCOPE, authMode: "none" };
  }
  const presented = bearerToken(request);
  const challenge = { "www-authenticate": 'Bearer realm="auto-incorporate"' };
  if (!presented) {
    throw new ApiError(
      "unauthorized",
      "This deployment requires an API key: send 'Authorization: Bearer <key>'.",
      {},
      challenge,
    );
  }
  const match = parseKeys(env.INCORPORATE_API_KEYS).find(({ key }) => sameSecret(presented, key));
  if (!match) throw new ApiError("unauthorized", "The API key is not valid for this deployment.", {}, challenge);
  return { actor: `key:${match.id}`, scope: `key:${match.id}`, authMode: "bearer" };
}
