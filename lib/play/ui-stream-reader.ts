/**
 * Reads the AI SDK UI message stream (server-sent events, `data: <chunk JSON>`, ending with
 * `data: [DONE]`) into chunk objects. Dependency-free so that /play can read its answers without
 * shipping the SDK's client to the browser (docs/play.md describes the stream).
 */

/** One chunk of the stream: its `type` and the members that type carries. */
export type UIStreamChunk = { type: string } & Record<string, unknown>;

/**
 * Yields the chunks of an SSE body in order; stops at `[DONE]` or at the end of the body. Comments,
 * event names and blank events are skipped; a data line that is not a JSON object is an error,
 * since the stream would then be something other than a UI message stream.
 */
export async function* readUIStreamChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<UIStreamChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      // Events are separated by a blank line; CRLF is allowed by the SSE format.
      buffer = buffer.replace(/\r\n?/g, "\n");
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const data = eventData(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (data === "[DONE]") return;
        if (data !== null) yield parseChunk(data);
        end = buffer.indexOf("\n\n");
      }
      if (done) {
        const data = eventData(buffer);
        if (data !== null && data !== "[DONE]") yield parseChunk(data);
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** The joined `data:` lines of one event, or null when it has none. */
function eventData(event: string): string | null {
  const lines = event
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5));
  return lines.length > 0 ? lines.join("\n") : null;
}

function parseChunk(data: string): UIStreamChunk {
  const chunk: unknown = JSON.parse(data);
  if (typeof chunk !== "object" || chunk === null || typeof (chunk as { type?: unknown }).type !== "string") {
    throw new Error("The answer is not a UI message stream: an event has no chunk type.");
  }
  return chunk as UIStreamChunk;
}
