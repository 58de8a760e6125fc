/** Types for check-commit-msg.mjs (plain JS so that the git hook runs it without a build). */
export const MAX_SUBJECT: number;
/** The reason the message is refused, or null when it is fine. */
export function commitMessageProblem(message: string): string | null;
