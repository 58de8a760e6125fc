// With its extension: Node resolves it so outside Next too (scripts, browser tests that append).
import { after } from "next/server.js";

/**
 * Work that must still happen once the answer is sent (a witness request, a pending integration):
 * handed to the platform's after(), which keeps a serverless function alive until it settles.
 * Outside a request (start-up, a script) there is nothing to keep alive and it simply runs. The
 * task must not reject.
 */
export function afterAnswer(task: Promise<unknown>): void {
  try {
    after(task);
  } catch {
    // Not in a request scope: the promise runs on its own.
  }
}
