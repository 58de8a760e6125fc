import { actorForIp } from "../audit/actor";
import { getConfig } from "../config/config";
import { clientIp } from "../http/client-ip";

/** The audit `actor` of a request: its client IP (from a source the client cannot forge), keyed-hashed. */
export function clientActor(request: Request): string {
  const { env } = getConfig();
  return actorForIp(
    clientIp(request.headers, { trustedProxyHops: env.TRUSTED_PROXY_HOPS, onVercel: Boolean(env.VERCEL) }),
  );
}
