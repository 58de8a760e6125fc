/** Types for upstash-bridge-cli.mjs (the one implementation; plain JS so it also runs standalone). */
export interface UpstashBridgeOptions {
  /** redis://host:port of a real redis-server. */
  redisUrl: string;
  /** Clients must send `Authorization: Bearer <token>`. */
  token: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export interface UpstashBridge {
  /** Base URL to give @upstash/redis as `url`. */
  url: string;
  token: string;
  /** HTTP requests and Redis commands received so far, and the commands by name (scripts by their sha's start). */
  stats(): { requests: number; commands: number; byName: Record<string, number> };
  /**
   * Runs the next request that carries a Lua script that writes (every conditional write; a script
   * whose text starts "-- read-only" does not count), then closes the
   * connection without answering: the write landed but its reply was lost, as on a network failure.
   */
  loseNextScriptReply(): void;
  close(): Promise<void>;
}

export function startUpstashBridge(options: UpstashBridgeOptions): Promise<UpstashBridge>;
