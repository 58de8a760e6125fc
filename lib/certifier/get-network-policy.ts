import { getConfig } from "../config/config";
import type { NetworkPolicy } from "./vet-target";

const WARNED = Symbol.for("sia.certifier.loopbackWarned");
type WarnGlobal = typeof globalThis & { [WARNED]?: boolean };

/** The certifier's network policy from configuration; warns once per process when loopback is open. */
export function getNetworkPolicy(): NetworkPolicy {
  const config = getConfig();
  const allowLoopback = config.env.CERTIFIER_ALLOW_LOOPBACK === "1";
  const g = globalThis as WarnGlobal;
  if (allowLoopback && !g[WARNED]) {
    g[WARNED] = true;
    console.warn(
      "[certifier] WARNING: CERTIFIER_ALLOW_LOOPBACK=1 lets the certifier connect to this machine's loopback services. Use it only for local demos and tests.",
    );
  }
  return { allowLoopback, ...config.certifier };
}
