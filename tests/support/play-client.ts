import { readUIMessageStream, type UIMessageChunk } from "ai";
import type { PlayUIMessage } from "@/lib/play/ui-message";
import { applyChunk, startAssistant } from "@/lib/play/ui-message-builder";
import { readUIStreamChunks } from "@/lib/play/ui-stream-reader";

export interface PlayResponse {
  res: Response;
  /** The raw body (a problem document when the status is not 200). */
  text: string;
  /** The UI message stream's chunks, in order, when the answer is a stream. */
  chunks: UIMessageChunk[];
  /** The assistant message the chunks build, as the AI SDK's chat client would hold it. */
  message: PlayUIMessage | null;
  /** The assistant message /play's own reader builds from the same bytes. */
  pageMessage: PlayUIMessage | null;
}

/** POSTs to /api/play and reads the whole answer: the SSE chunks and the UI message they build. */
export async function postPlay(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PlayResponse> {
  const res = await fetch(`${baseUrl}/api/play`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.headers.get("content-type")?.startsWith("text/event-stream"))
    return { res, text, chunks: [], message: null, pageMessage: null };
  const chunks = text
    .split("\n\n")
    .map((event) => event.trim())
    .filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
    .map((event) => JSON.parse(event.slice(6)) as UIMessageChunk);
  let message: PlayUIMessage | null = null;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const m of readUIMessageStream<PlayUIMessage>({ stream })) message = m;
  return { res, text, chunks, message, pageMessage: await readAsPage(text) };
}

/** The page's reader over the raw body, delivered in small pieces as a network would. */
async function readAsPage(text: string): Promise<PlayUIMessage> {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 97) controller.enqueue(bytes.subarray(i, i + 97));
      controller.close();
    },
  });
  let draft = startAssistant("unnamed");
  for await (const chunk of readUIStreamChunks(body)) draft = applyChunk(draft, chunk);
  return draft.message;
}

/** A user message as useChat sends it. */
export const userMessage = (text: string, id = `u-${Math.random().toString(36).slice(2)}`) => ({
  id,
  role: "user" as const,
  parts: [{ type: "text" as const, text }],
});

/** The chunks of one type, typed. */
export function chunksOf<T extends UIMessageChunk["type"]>(
  chunks: UIMessageChunk[],
  type: T,
): Extract<UIMessageChunk, { type: T }>[] {
  return chunks.filter((c): c is Extract<UIMessageChunk, { type: T }> => c.type === type);
}
