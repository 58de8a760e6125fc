/**
 * A model provider for tests: a small HTTP server on a free port that answers the demo agent's model
 * calls from a script, in one of the two wire protocols the service speaks to real models:
 *
 * - `openai`: the OpenAI chat completions API (`POST /v1/chat/completions`, `stream: true`), as
 *   vLLM, Ollama, LM Studio and company proxies speak it: SSE chunks with `choices[].delta`, tool
 *   calls as `delta.tool_calls` whose arguments arrive in pieces, a usage chunk, then `[DONE]`.
 * - `gateway`: the AI Gateway's protocol (`POST /language-model` under its base URL): the call
 *   options as the JSON body, the model in the `ai-language-model-id` header, and an SSE stream of
 *   language model stream parts (`text-delta`, `tool-input-delta`, `tool-call`, `finish`, ...).
 *
 * Each model call takes the next turn of the script: a streamed answer (text and tool calls, ended
 * normally, broken off, or held open), an error status, or no answer at all. Every event is written
 * in small pieces, so the client meets SSE lines and UTF-8 characters split across reads.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type Protocol = "openai" | "gateway";

/** One piece of a streamed answer: a text block in deltas, or a tool call with its arguments in deltas. */
export type FakePart = { text: string[] } | { tool: { id: string; name: string; args: string[] } };

export type ModelTurn =
  | {
      kind: "stream";
      parts: FakePart[];
      /**
       * `finish` (default): finish reason, usage and end; `break`: the connection is destroyed after
       * the parts; `hold`: nothing more is sent; `trickle`: a one-character text delta every
       * `trickleMs` until the connection closes.
       */
      end?: "finish" | "break" | "hold" | "trickle";
      trickleMs?: number;
      /** Output tokens the usage reports (default 20); null: no usage is reported, as some servers do. */
      outputTokens?: number | null;
      /** The finish reason (default: tool calls when there are some, else stop). */
      finishReason?: "length" | "content-filter";
    }
  | { kind: "status"; status: number; headers?: Record<string, string>; message?: string }
  /** Accepts the request and never answers it. */
  | { kind: "silent" };

export interface RecordedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Settles when the connection of this call closes, whichever side closed it. */
  closed: Promise<void>;
}

export interface FakeProvider {
  protocol: Protocol;
  /** The base URL the app is configured with (PLAY_OPENAI_BASE_URL or AI_GATEWAY_BASE_URL). */
  baseURL: string;
  /** Sets the turns the next model calls take, in order; a call beyond them gets a 500. */
  script(...turns: ModelTurn[]): void;
  /** The model calls received since the last script(). */
  calls(): RecordedCall[];
  close(): Promise<void>;
}

const GATEWAY_ERROR_TYPE: Record<number, string> = {
  401: "authentication_error",
  403: "forbidden",
  429: "rate_limit_exceeded",
};

/** Starts a fake provider speaking `protocol` on a free loopback port. */
export async function startFakeProvider(protocol: Protocol): Promise<FakeProvider> {
  let turns: ModelTurn[] = [];
  let calls: RecordedCall[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    const expected = protocol === "openai" ? "/v1/chat/completions" : "/v4/ai/language-model";
    if (req.method !== "POST" || req.url !== expected) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: "not_found" } }));
      return;
    }
    const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
    calls.push({ path: req.url, headers: req.headers, body, closed });
    const turn = turns.shift() ?? { kind: "status", status: 500, message: "the test scripted no more model calls" };
    await answer(turn, res, body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function answer(turn: ModelTurn, res: http.ServerResponse, body: Record<string, unknown>) {
    if (turn.kind === "silent") return;
    if (turn.kind === "status") {
      const message = turn.message ?? `scripted HTTP ${turn.status}`;
      const error =
        protocol === "openai"
          ? { error: { message, type: "server_error", code: turn.status } }
          : { error: { message, type: GATEWAY_ERROR_TYPE[turn.status] ?? "internal_server_error" } };
      res.writeHead(turn.status, { "content-type": "application/json", ...turn.headers });
      res.end(JSON.stringify(error));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const model = String(protocol === "openai" ? body.model : "scripted");
    const events = protocol === "openai" ? openaiEvents(turn, model) : gatewayEvents(turn);
    for (const event of events) await writeInPieces(res, event);
    if (turn.end === "trickle") {
      let open = true;
      res.once("close", () => {
        open = false;
      });
      if (protocol === "gateway") await writeInPieces(res, sse({ type: "text-start", id: "txt-trickle" }));
      while (open) {
        await new Promise((resolve) => setTimeout(resolve, turn.trickleMs ?? 100));
        if (!open) break;
        const delta =
          protocol === "openai"
            ? {
                id: "chatcmpl-fake",
                object: "chat.completion.chunk",
                created: 1_700_000_000,
                model,
                choices: [{ index: 0, delta: { content: "." }, finish_reason: null }],
              }
            : { type: "text-delta", id: "txt-trickle", delta: "." };
        res.write(sse(delta));
      }
      return;
    }
    if (turn.end === "break") res.socket?.destroy();
    else if (turn.end !== "hold") res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    protocol,
    baseURL: protocol === "openai" ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}/v4/ai`,
    script(...next) {
      turns = next;
      calls = [];
    },
    calls: () => calls,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes one SSE event in pieces of a few bytes, yielding between them so that reads split them. */
async function writeInPieces(res: http.ServerResponse, event: string) {
  const bytes = Buffer.from(event, "utf8");
  for (let i = 0; i < bytes.length; i += 7) {
    res.write(bytes.subarray(i, i + 7));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const sse = (data: unknown) => `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;

function hasTools(turn: Extract<ModelTurn, { kind: "stream" }>) {
  return turn.parts.some((part) => "tool" in part);
}

function openaiEvents(turn: Extract<ModelTurn, { kind: "stream" }>, model: string): string[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    sse({
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const events = [chunk({ role: "assistant", content: "" })];
  let toolIndex = 0;
  for (const part of turn.parts) {
    if ("text" in part) {
      for (const delta of part.text) events.push(chunk({ content: delta }));
      continue;
    }
    const index = toolIndex++;
    const [first = "", ...rest] = part.tool.args;
    events.push(
      chunk({
        tool_calls: [
          { index, id: part.tool.id, type: "function", function: { name: part.tool.name, arguments: first } },
        ],
      }),
    );
    for (const delta of rest) events.push(chunk({ tool_calls: [{ index, function: { arguments: delta } }] }));
  }
  if ((turn.end ?? "finish") !== "finish") return events;
  const reason = { length: "length", "content-filter": "content_filter" } as const;
  events.push(chunk({}, turn.finishReason ? reason[turn.finishReason] : hasTools(turn) ? "tool_calls" : "stop"));
  const output = turn.outputTokens ?? 20;
  if (turn.outputTokens === null) {
    events.push(sse("[DONE]"));
    return events;
  }
  events.push(
    sse({
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model,
      choices: [],
      usage: { prompt_tokens: 1000, completion_tokens: output, total_tokens: 1000 + output },
    }),
  );
  events.push(sse("[DONE]"));
  return events;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function gatewayEvents(turn: Extract<ModelTurn, { kind: "stream" }>): string[] {
  const events = [
    sse({ type: "stream-start", warnings: [] }),
    sse({ type: "response-metadata", id: "gen-fake", modelId: "scripted", timestamp: "2026-01-01T00:00:00.000Z" }),
  ];
  let textIndex = 0;
  for (const part of turn.parts) {
    if ("text" in part) {
      const id = `txt-${textIndex++}`;
      events.push(sse({ type: "text-start", id }));
      for (const delta of part.text) events.push(sse({ type: "text-delta", id, delta }));
      events.push(sse({ type: "text-end", id }));
      continue;
    }
    const { id, name, args } = part.tool;
    events.push(sse({ type: "tool-input-start", id, toolName: name }));
    for (const delta of args) events.push(sse({ type: "tool-input-delta", id, delta }));
    // As the Gateway relays a provider's stream: a call is complete once its arguments are, even if
    // the stream then breaks off; arguments cut short by a break never complete.
    if ((turn.end ?? "finish") === "finish" || parses(args.join(""))) {
      events.push(sse({ type: "tool-input-end", id }));
      events.push(sse({ type: "tool-call", toolCallId: id, toolName: name, input: args.join("") }));
    }
  }
  if ((turn.end ?? "finish") !== "finish") return events;
  const output = turn.outputTokens ?? 20;
  const reported = turn.outputTokens !== null;
  events.push(
    sse({
      type: "finish",
      finishReason: turn.finishReason
        ? { unified: turn.finishReason, raw: turn.finishReason }
        : hasTools(turn)
          ? { unified: "tool-calls", raw: "tool_calls" }
          : { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: {
          total: reported ? 1000 : undefined,
          noCache: undefined,
          cacheRead: undefined,
          cacheWrite: undefined,
        },
        outputTokens: {
          total: reported ? output : undefined,
          text: reported ? output : undefined,
          reasoning: undefined,
        },
      },
    }),
  );
  return events;
}

/** What the server sent the provider, the same for both protocols. */
export function requestView(protocol: Protocol, call: RecordedCall) {
  const body = call.body;
  if (protocol === "openai") {
    const messages = body.messages as { role: string; content: unknown; tool_call_id?: string }[];
    return {
      model: body.model as string,
      systemMessages: messages.filter((m) => m.role === "system").map((m) => String(m.content)),
      roles: messages.map((m) => m.role),
      tools: (body.tools as { function: { name: string; description: string } }[]).map((t) => ({
        name: t.function.name,
        description: t.function.description,
      })),
      maxOutputTokens: body.max_tokens as number | undefined,
      toolResults: messages
        .filter((m) => m.role === "tool")
        .map((m) => ({ toolCallId: m.tool_call_id as string, text: String(m.content) })),
    };
  }
  const prompt = body.prompt as { role: string; content: unknown }[];
  return {
    model: String(call.headers["ai-language-model-id"]),
    systemMessages: prompt.filter((m) => m.role === "system").map((m) => String(m.content)),
    roles: prompt.map((m) => m.role),
    tools: (body.tools as { name: string; description: string }[]).map((t) => ({
      name: t.name,
      description: t.description,
    })),
    maxOutputTokens: body.maxOutputTokens as number | undefined,
    toolResults: prompt
      .filter((m) => m.role === "tool")
      .flatMap((m) => m.content as { toolCallId: string; output: { value: unknown } }[])
      .map((r) => ({
        toolCallId: r.toolCallId,
        text: typeof r.output.value === "string" ? r.output.value : JSON.stringify(r.output.value),
      })),
  };
}
