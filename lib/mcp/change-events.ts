import { InMemoryServerEventBus, type ServerEventBus } from "@modelcontextprotocol/server";

const BUS = Symbol.for("sia.mcp.changeEvents");

/**
 * The process's one bus of list-change events that `subscriptions/listen` streams read. Every request
 * gets its own server, so a change made in one request reaches the open streams only through here
 * (kept on globalThis: module copies are not unique in a Next server).
 */
export function mcpChangeEvents(): ServerEventBus {
  const g = globalThis as typeof globalThis & { [BUS]?: ServerEventBus };
  g[BUS] ??= new InMemoryServerEventBus();
  return g[BUS];
}
