/** Whether a session checkpoint is included in the service-wide transparency log. */
export type LogInclusion =
  | { status: "included"; detail: string }
  | { status: "refuted"; detail: string }
  /** No transparency log to ask yet: the check neither passes nor fails a certification. */
  | { status: "unavailable"; detail: string };

/**
 * Hook for the transparency log (docs/transparency-log.md): once session heads are logged there, this
 * proves that the sample session's checkpoint is in it, so that a company cannot show the certifier a
 * history it later rewrites. Until the log serves inclusion proofs it answers "unavailable", and the
 * certifier relies on the chain and the checkpoint signature alone (docs/registry.md).
 */
export async function verifyLogInclusion(_checkpoint: string): Promise<LogInclusion> {
  return { status: "unavailable", detail: "this service has no transparency log of session heads yet." };
}
