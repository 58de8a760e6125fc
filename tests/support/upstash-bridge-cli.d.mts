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
  /** HTTP requests and Redis commands received so far. */
  stats(): { requests: number; commands: number };
  close(): Promise<void>;
}

export function startUpstashBridge(options: UpstashBridgeOptions): Promise<UpstashBridge>;
