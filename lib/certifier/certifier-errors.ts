import type { RefusalReason } from "./classify-address";

/** The certifier's network policy refused a URL; nothing was sent to it. */
export class TargetRefusedError extends Error {
  override name = "TargetRefusedError";
  constructor(
    readonly reason: RefusalReason,
    readonly url: string,
    /** The refused address (after DNS resolution), when there was one. */
    readonly address: string | null,
    detail: string,
  ) {
    super(detail);
  }
}

export type FetchFailureKind =
  | "dns"
  | "connect"
  | "timeout"
  | "too-large"
  | "redirects"
  /** A redirect to another origin where only the listed origin counts (the manifest). */
  | "cross-origin"
  | "network";

/** A permitted target could not be fetched (DNS, connection, time-out, size cap, redirect loop or origin). */
export class FetchFailure extends Error {
  override name = "FetchFailure";
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
  ) {
    super(message);
  }
}
