import { type ClientOptions, send } from "./client.ts";
import { IncorporateError } from "./errors.ts";

/** One audit entry a run appended: the `data-audit` part the service streamed for a tool call. */
export interface RunEntry {
  toolCallId: string;
  sessionId: string;
  seq: number;
  outcome: string;
}

export interface AgentRunResult {
  /** The entries the run appended to the session, in order (one per tool call). */
  entries: RunEntry[];
  /** The text the agent answered with. */
  text: string;
}

/** Lines `data: {…}` of a UI message stream, parsed; `[DONE]` and anything not JSON skipped. */
function chunksOf(stream: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of stream.split(/\r?\n/)) {
    if (!line.startsWith("data: ")) continue;
    try {
      const chunk = JSON.parse(line.slice(6));
      if (chunk && typeof chunk === "object") out.push(chunk as Record<string, unknown>);
    } catch {
      // "[DONE]" ends the stream; nothing else in it is meant for this reader.
    }
  }
  return out;
}

/**
 * Runs the service's agent (`POST /api/play`) on one instruction inside an existing audit session:
 * every tool call it makes is appended to that session with its write token, so a company's agent
 * records its actions in its own verifiable timeline. Waits for the run to end. Throws
 * IncorporateError when the service refuses the run or the stream ends with an error.
 */
export async function runAgent(
  instruction: string,
  options: ClientOptions & { sessionId: string; sessionToken: string },
): Promise<AgentRunResult> {
  const { response, body } = await send(
    "/api/play",
    {
      method: "POST",
      body: { messages: [{ role: "user", parts: [{ type: "text", text: instruction }] }] },
      headers: { "x-session-id": options.sessionId, "x-session-token": options.sessionToken },
    },
    options,
  );
  if (response.status !== 200 || typeof body !== "string") {
    const detail = (body as { detail?: unknown } | null)?.detail;
    throw new IncorporateError(
      `HTTP ${response.status} from ${response.url || "the service"}${typeof detail === "string" ? `: ${detail}` : ""}`,
      { status: response.status, response, body },
    );
  }
  const chunks = chunksOf(body);
  const failed = chunks.find((c) => c.type === "error");
  if (failed) {
    throw new IncorporateError(`The agent run failed: ${String(failed.errorText ?? failed.code)}`, {
      status: response.status,
      response,
      body: failed,
    });
  }
  return {
    entries: chunks.filter((c) => c.type === "data-audit").map((c) => c.data as RunEntry),
    text: chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => String(c.delta))
      .join(""),
  };
}
