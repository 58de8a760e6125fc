import { z } from "zod";
import { HTTP_TIMEOUT_DEFAULTS } from "../../scripts/http-timeouts.mjs";
import { CUIT_PATTERN, isValidCuit } from "../identity/cuit";
import { RECORD_ID_MAX, RECORD_ID_PATTERN } from "../identity/record-id";
import { ConfigError } from "./config-error";
import { loadSecrets, loadTlogKey, type Secrets } from "./secrets";
import { type BuiltInWitnessConfig, type LogWitnessConfig, parseBuiltInWitness, parseLogWitnesses } from "./witnesses";

export { ConfigError };

/**
 * Defaults that code outside the schema needs too, written once: the certifier's limits for callers
 * that build a network policy by hand (lib/certifier), and the plain HTTP server's, which
 * scripts/http-timeouts.mjs owns because it cannot import this file.
 */
export const DURATION_DEFAULTS = {
  CERTIFIER_TIMEOUT: "8s",
  CERTIFIER_BUDGET: "25s",
  HTTP_HEADERS_TIMEOUT: HTTP_TIMEOUT_DEFAULTS.headers,
  HTTP_REQUEST_TIMEOUT: HTTP_TIMEOUT_DEFAULTS.request,
} as const;

/** A default of DURATION_DEFAULTS in milliseconds. */
export const defaultDurationMs = (name: keyof typeof DURATION_DEFAULTS): number => durationMs(DURATION_DEFAULTS[name]);

/**
 * Every environment variable the service reads, declared once. `.env.example` documents each one;
 * keep the two in step (a unit test compares them).
 */

/** Public key sizes of the MCP Registry's proof record, by key type (raw Ed25519, compressed P-384). */
const MCP_REGISTRY_KEY_BYTES = { ed25519: 32, ecdsap384: 49 } as const;

/** An MCP Registry proof record, `v=MCPv1; k=<type>; p=<base64 public key>`, with a key of its type's size. */
function isMcpRegistryProof(value: string): boolean {
  const match = /^v=MCPv1; k=(ed25519|ecdsap384); p=([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const [, type, key] = match as unknown as [string, keyof typeof MCP_REGISTRY_KEY_BYTES, string];
  return key.length % 4 === 0 && Buffer.from(key, "base64").length === MCP_REGISTRY_KEY_BYTES[type];
}

const rateLimit = z
  .string()
  .regex(/^[1-9]\d*\/[1-9]\d*\s?(ms|s|m|h|d)$/, "expected <count>/<window>, e.g. 20/1m or 30/1h");

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const DURATION = /^[1-9]\d*\s?(ms|s|m|h|d)$/;
const duration = z.string().regex(DURATION, "expected a duration such as 7d, 12h, 30s or 500ms");
/**
 * A duration within [min, max], named as written in the message (e.g. "1s", "50s"). The range is
 * checked only once the form is right (zod runs every check); a bad form already has its message.
 */
const durationBetween = (min: string, max: string) =>
  duration.refine(
    (value) => !DURATION.test(value) || (durationMs(value) >= durationMs(min) && durationMs(value) <= durationMs(max)),
    { message: `between ${min} and ${max}` },
  );

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default(".data"),
  /** The embedded store compacts its log once it reaches this size and twice its size after the last compaction. */
  STORE_COMPACT_MIN_MB: z.coerce.number().min(0.001, "at least 0.001").max(1_000_000).default(64),
  /** Tests only: hold the embedded store's background compactions at this step, for a kill there. */
  STORE_TEST_HOLD_COMPACTION: z.enum(["snapshot", "switch"]).optional(),
  UPSTASH_REDIS_REST_URL: optionalUrl,
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  KV_REST_API_URL: optionalUrl,
  KV_REST_API_TOKEN: z.string().min(1).optional(),
  PUBLIC_BASE_URL: optionalUrl,
  AUDIT_HMAC_SECRET: z.string().min(32, "must be at least 32 bytes (openssl rand -hex 32)").optional(),
  AUDIT_HMAC_KID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,32}$/, "1-32 letters, digits, _ . -")
    .default("k1"),
  AUDIT_HMAC_RETIRED_KEYS: z.string().optional(),
  AUDIT_SIGNING_KEY: z.string().optional(),
  AUDIT_SIGNING_RETIRED_KEYS: z.string().optional(),
  INCORPORATE_API_KEYS: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,32}:[^,\s]{24,}(,[A-Za-z0-9_-]{1,32}:[^,\s]{24,})*$/,
      "expected id:key pairs separated by commas, each key at least 24 characters",
    )
    .optional(),
  SMVM_ARS: z.coerce.number().int().positive().optional(),
  // The starter folder of this repository (packages/starter): Vercel clones a subfolder given its tree URL.
  DEPLOY_STARTER_REPO: z
    .url({ protocol: /^https$/ })
    .default("https://github.com/sociedades-ia/sociedades-ia/tree/main/packages/starter"),
  AUDIT_DEMO_RETENTION: duration.default("7d"),
  // No practical cap by default (docs/audit-log.md, "A timeline without a cap"): appends and reads cost
  // the same at any size; an operator may still set one.
  AUDIT_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000_000),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_INCORPORATE: rateLimit.default("30/1h"),
  RATE_LIMIT_PLAY: rateLimit.default("20/1m"),
  RATE_LIMIT_REGISTRY: rateLimit.default("10/1h"),
  RATE_LIMIT_CERTIFIER: rateLimit.default("10/1h"),
  // Generous, in read units (lib/http/read-cost.ts): a dashboard polls, a README shows badges; it only
  // stops one address from flooding reads.
  RATE_LIMIT_READ: rateLimit.default("600/1m"),
  // The built-in witness's add-checkpoint: each request costs signature checks and a store write, and
  // a log sends at most one per TLOG_WITNESS_INTERVAL (a minute by default).
  RATE_LIMIT_WITNESS: rateLimit.default("60/1m"),
  STREAM_MAX_PER_IP: z.coerce.number().int().min(1, "at least 1").max(10_000, "at most 10000").default(10),
  STREAM_MAX: z.coerce.number().int().min(1, "at least 1").max(100_000, "at most 100000").default(500),
  REGISTRY_DRAFT_TTL: duration.default("30d"),
  AI_GATEWAY_API_KEY: z.string().min(1).optional(),
  AI_GATEWAY_BASE_URL: optionalUrl,
  PLAY_OPENAI_BASE_URL: optionalUrl,
  PLAY_OPENAI_API_KEY: z.string().min(1).optional(),
  // Checked against the model source in parsePlayModel: the two sources name models differently.
  PLAY_MODEL: z.string().trim().min(1).max(200).optional(),
  PLAY_MODEL_TIMEOUT: durationBetween("100ms", "15m").default("60s"),
  // The longest one request may run, however its provider paces its chunks (each within PLAY_MODEL_TIMEOUT).
  PLAY_REQUEST_TIMEOUT: durationBetween("1s", "1h").default("3m"),
  // 8: the scripted model's up to 6 tool calls and its answer, with one step of slack for a real model.
  PLAY_MAX_STEPS: z.coerce.number().int().min(1, "at least 1").max(20, "at most 20").default(8),
  PLAY_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(256, "at least 256").max(100_000, "at most 100000").default(4000),
  // Read by the scripted model only: `human` types at a reading pace, `instant` answers at once.
  PLAY_SCRIPTED_PACE: z.enum(["human", "instant"], { error: "human or instant" }).default("human"),
  ISSUER_TYPE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "lowercase words joined by -, e.g. sociedad-ia")
    .default("sociedad-ia-reference-implementation"),
  ISSUER_OPERATOR_NAME: z.string().trim().min(1).max(200).optional(),
  ISSUER_OPERATOR_CUIT: z
    .string()
    .regex(CUIT_PATTERN, "expected NN-NNNNNNNN-N, e.g. 30-71234567-1")
    .refine(isValidCuit, "the check digit does not match (modulo 11); check the number")
    .optional(),
  ISSUER_SUPERVISION_REGIME: z.string().trim().min(1).max(100).optional(),
  ISSUER_REGISTRY_ID: z
    .string()
    .regex(RECORD_ID_PATTERN, "a record id of the directory: lowercase words joined by -")
    .max(RECORD_ID_MAX)
    .optional(),
  ISSUER_AUDIT_SAMPLE_SESSION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "an audit session id: 8 to 64 of A-Z a-z 0-9 _ -")
    .optional(),
  ISSUER_CONTACT_EMAIL: z.email("expected an e-mail address").optional(),
  REGISTRY_ADMIN_TOKEN: z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  CRON_SECRET: z.string().min(16, "must be at least 16 characters (openssl rand -hex 32)").optional(),
  // The MCP Registry's HTTP proof of this domain, served at /.well-known/mcp-registry-auth (docs/mcp.md).
  MCP_REGISTRY_AUTH: z
    .string()
    .trim()
    .refine(isMcpRegistryProof, {
      message:
        "expected 'v=MCPv1; k=ed25519; p=<base64 of the 32-byte public key>' (or k=ecdsap384 with the 49-byte compressed key), as docs/mcp.md shows how to make",
    })
    .optional(),
  // The MCP conformance suite's fixture tools, prompts and resources on /mcp (lib/mcp/conformance/fixtures.ts):
  // for the conformance run only; never in production.
  MCP_CONFORMANCE_FIXTURES: z.enum(["on", "off"], { error: "on or off" }).default("off"),
  CERTIFIER_ALLOW_LOOPBACK: z.enum(["0", "1"], "expected 0 or 1").default("0"),
  // One request of a certification, and the whole certification. At most 50 s: a certification must
  // fit the 60 s its routes may run and the daily re-check's 50 s batch.
  CERTIFIER_TIMEOUT: durationBetween("1s", "50s").default(DURATION_DEFAULTS.CERTIFIER_TIMEOUT),
  CERTIFIER_BUDGET: durationBetween("1s", "50s").default(DURATION_DEFAULTS.CERTIFIER_BUDGET),
  TLOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]{1,255}$/, "one line of at most 255 characters without spaces or '+', e.g. registro.example/log")
    .optional(),
  TLOG_SIGNING_KEY: z.string().optional(),
  // Checked in parseLogWitnesses / parseBuiltInWitness: each entry holds a key that must parse.
  TLOG_WITNESSES: z.string().optional(),
  TLOG_WITNESS_QUORUM: z.coerce.number().int().min(0, "at least 0").max(100, "at most 100").optional(),
  TLOG_WITNESS_INTERVAL: duration
    .refine((value) => !DURATION.test(value) || durationMs(value) >= 100, { message: "at least 100ms" })
    .default("1m"),
  TLOG_WITNESS_TIMEOUT: durationBetween("100ms", "2m").default("10s"),
  // off: no work is left to a timer after an answer (integration retries, witness retries), as on a
  // serverless function frozen once it has answered; after() and /api/cron/transparency-log do it.
  BACKGROUND_TIMERS: z.enum(["on", "off"], { error: "on or off" }).default("on"),
  // Where full tiles go once integrated (lib/tlog/tile-store.ts): an S3-compatible bucket, or files.
  TLOG_TILES_DIR: z.string().min(1).optional(),
  TLOG_TILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "an S3 bucket name: 3-63 of a-z 0-9 . -")
    .optional(),
  TLOG_TILES_S3_ENDPOINT: optionalUrl,
  TLOG_TILES_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "a region name, e.g. us-east-1 or auto")
    .optional(),
  TLOG_TILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  TLOG_TILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  TLOG_TILES_S3_PUBLIC_URL: optionalUrl,
  // scripts/server.mjs: a request whose headers, or whole body, have not arrived by then gets a 408
  // and its connection closed, so slow clients cannot hold connections open.
  HTTP_HEADERS_TIMEOUT: durationBetween("1s", "10m").default(DURATION_DEFAULTS.HTTP_HEADERS_TIMEOUT),
  HTTP_REQUEST_TIMEOUT: durationBetween("1s", "10m").default(DURATION_DEFAULTS.HTTP_REQUEST_TIMEOUT),
  WITNESS_SIGNING_KEY: z.string().optional(),
  WITNESS_LOGS: z.string().optional(),
  // Vercel sets VERCEL=1. Any other value (0, false, a copied env file) must not make the service
  // trust x-vercel-forwarded-for, which a client can write anywhere but on Vercel.
  VERCEL: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});

export type Env = z.infer<typeof envSchema>;

export type StoreConfig =
  | { backend: "embedded"; dataDir: string; compactMinBytes: number; holdCompaction?: "snapshot" | "switch" }
  | { backend: "upstash"; url: string; token: string };

export interface S3TilesConfig {
  kind: "s3";
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Where full tiles go: a bucket, a directory, or nowhere (they stay in the hot store). */
export type TilesConfig = S3TilesConfig | { kind: "files"; dir: string } | { kind: "none" };

export interface Config {
  env: Env;
  production: boolean;
  store: StoreConfig;
  secrets: Secrets;
  /**
   * The transparency log: its origin (also its key's name), its note signer key, and the witnesses
   * it asks for cosignatures.
   */
  tlog: {
    origin: string;
    signerKey: string;
    witnesses: LogWitnessConfig;
    tiles: TilesConfig;
    /** Where anyone can fetch the full tiles straight from the bucket (with a trailing /), or null. */
    tilesPublicUrl: string | null;
  };
  /** The witness this service runs for other logs (POST /witness/add-checkpoint); null when off. */
  witness: BuiltInWitnessConfig | null;
  /** False with BACKGROUND_TIMERS=off: background work is never retried on a timer. */
  backgroundTimers: boolean;
  /** True with MCP_CONFORMANCE_FIXTURES=on: /mcp also serves the conformance suite's fixtures. */
  mcpConformanceFixtures: boolean;
  /** How long a session with only demo tool calls is kept after its last write. */
  demoRetentionMs: number;
  /** How long a self-listed draft stays in the public list without passing certification. */
  registryDraftTtlMs: number;
  /** Open audit streams allowed per client address and in total in this process. */
  streams: { perIp: number; total: number };
  /** Parsed `RATE_LIMIT_<NAME>` values. */
  rateLimits: Record<RateLimitName, { count: number; window: string; windowMs: number }>;
  /** The certifier's time-outs: one request, and a whole certification. */
  certifier: { requestTimeoutMs: number; budgetMs: number };
  /** The demo agent's model source and its budget. */
  play: PlayModelConfig;
}

export type PlayModelSource =
  | { source: "scripted"; model: string; pace: "human" | "instant" }
  | { source: "gateway"; model: string; apiKey: string; baseURL?: string }
  | { source: "openai-compatible"; model: string; baseURL: string; apiKey?: string };

export type PlayModelConfig = PlayModelSource & {
  /** Longest silence of the provider (before its answer starts, or between two chunks) before the run is ended. */
  timeoutMs: number;
  /** The longest a whole request (every model call and tool together) may run. */
  requestTimeoutMs: number;
  /** Model calls per request. */
  maxSteps: number;
  /** Output tokens per request, all steps together. */
  maxOutputTokens: number;
};

/** The scripted model's id, shown where a real model's id would be. */
export const SCRIPTED_MODEL_ID = "scripted-agent-v1";
const DEFAULT_GATEWAY_MODEL = "openai/gpt-5-mini";
const GATEWAY_MODEL = /^[a-z0-9-]+\/[A-Za-z0-9._:-]+$/;

export type RateLimitName = "incorporate" | "play" | "registry" | "certifier" | "read" | "witness";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(value: string): number {
  const match = /^(\d+)\s?(ms|s|m|h|d)$/.exec(value);
  if (!match) throw new ConfigError(`bad duration ${value}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

function parseRateLimit(value: string) {
  const [count = "", window = ""] = value.split("/");
  return { count: Number(count), window: window.replace(/(\d)(?=[a-z])/, "$1 "), windowMs: durationMs(window) };
}

// Variables whose values are credentials: an error names them and their length, never their value,
// since start-up errors end up in logs.
const SECRET_NAME = /SECRET|TOKEN|KEY|PASSWORD/;

function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "nothing";
  return SECRET_NAME.test(name) ? `a value of ${[...value].length} characters, not shown` : JSON.stringify(value);
}

const invalid = (lines: string[]) =>
  new ConfigError(`Invalid configuration:\n${lines.map((line) => `  - ${line}`).join("\n")}`);

/**
 * The demo agent's model source, chosen here and nowhere else: the scripted model unless
 * AI_GATEWAY_API_KEY (the AI Gateway) or PLAY_OPENAI_BASE_URL (any OpenAI-compatible server) is set.
 * Two sources at once, or a variable that only one source reads set without it, is an error rather
 * than a silent choice.
 */
function parsePlayModel(env: Env): PlayModelConfig {
  const budget = {
    timeoutMs: durationMs(env.PLAY_MODEL_TIMEOUT),
    requestTimeoutMs: durationMs(env.PLAY_REQUEST_TIMEOUT),
    maxSteps: env.PLAY_MAX_STEPS,
    maxOutputTokens: env.PLAY_MAX_OUTPUT_TOKENS,
  };
  const gateway = env.AI_GATEWAY_API_KEY !== undefined;
  const openai = env.PLAY_OPENAI_BASE_URL !== undefined;
  if (gateway && openai) {
    throw invalid([
      "AI_GATEWAY_API_KEY and PLAY_OPENAI_BASE_URL: both are set, but the demo agent uses one model source. Unset one of them: AI_GATEWAY_API_KEY for the AI Gateway, PLAY_OPENAI_BASE_URL for your own OpenAI-compatible server.",
    ]);
  }
  if (env.AI_GATEWAY_BASE_URL && !gateway) {
    throw invalid([
      "AI_GATEWAY_BASE_URL: set without AI_GATEWAY_API_KEY, so no gateway is used. Set the key, or unset it.",
    ]);
  }
  if (env.PLAY_OPENAI_API_KEY && !openai) {
    throw invalid([
      "PLAY_OPENAI_API_KEY: set without PLAY_OPENAI_BASE_URL, so no OpenAI-compatible server is used. Set the server's URL (e.g. http://localhost:11434/v1), or unset the key.",
    ]);
  }
  if (gateway) {
    const model = env.PLAY_MODEL ?? DEFAULT_GATEWAY_MODEL;
    if (!GATEWAY_MODEL.test(model)) {
      throw invalid([
        `PLAY_MODEL: expected an AI Gateway model id <provider>/<model>, e.g. ${DEFAULT_GATEWAY_MODEL} (got ${JSON.stringify(model)})`,
      ]);
    }
    return {
      source: "gateway",
      model,
      apiKey: env.AI_GATEWAY_API_KEY as string,
      ...(env.AI_GATEWAY_BASE_URL ? { baseURL: env.AI_GATEWAY_BASE_URL } : {}),
      ...budget,
    };
  }
  if (openai) {
    if (!env.PLAY_MODEL || /\s/.test(env.PLAY_MODEL)) {
      throw invalid([
        `PLAY_MODEL: required with PLAY_OPENAI_BASE_URL, as the server names its model (e.g. llama3.1:8b for Ollama, Qwen/Qwen2.5-7B-Instruct for vLLM), without spaces (got ${shownValue("PLAY_MODEL", env.PLAY_MODEL)})`,
      ]);
    }
    return {
      source: "openai-compatible",
      model: env.PLAY_MODEL,
      baseURL: env.PLAY_OPENAI_BASE_URL as string,
      ...(env.PLAY_OPENAI_API_KEY ? { apiKey: env.PLAY_OPENAI_API_KEY } : {}),
      ...budget,
    };
  }
  if (env.PLAY_MODEL) {
    throw invalid([
      "PLAY_MODEL: names a model, but no model source is set, so the scripted model would run. Set AI_GATEWAY_API_KEY or PLAY_OPENAI_BASE_URL, or unset PLAY_MODEL.",
    ]);
  }
  return { source: "scripted", model: SCRIPTED_MODEL_ID, pace: env.PLAY_SCRIPTED_PACE, ...budget };
}

/** Validates a raw environment; throws a ConfigError naming every bad variable. */
export function parseConfig(raw: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, emptyAsUndefined(v)]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `  - ${name}: ${issue.message} (got ${shownValue(name, cleaned[name] as string | undefined)})`;
    });
    throw new ConfigError(
      `Invalid configuration:\n${lines.join("\n")}\nFix these variables in the environment or .env (see .env.example).`,
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";

  const url = env.UPSTASH_REDIS_REST_URL ?? env.KV_REST_API_URL;
  const token = env.UPSTASH_REDIS_REST_TOKEN ?? env.KV_REST_API_TOKEN;
  if (Boolean(url) !== Boolean(token)) {
    throw new ConfigError(
      "Invalid configuration:\n  - UPSTASH_REDIS_REST_URL / UPSTASH_REDIS_REST_TOKEN: set both or neither (or KV_REST_API_URL / KV_REST_API_TOKEN on Vercel).",
    );
  }
  const store: StoreConfig =
    url && token
      ? { backend: "upstash", url, token }
      : {
          backend: "embedded",
          dataDir: env.DATA_DIR,
          compactMinBytes: Math.round(env.STORE_COMPACT_MIN_MB * 1024 * 1024),
          holdCompaction: env.STORE_TEST_HOLD_COMPACTION,
        };
  // Serverless instances have no durable, shared disk: the embedded store would lose data there.
  if (store.backend === "embedded" && env.VERCEL) {
    throw new ConfigError(
      "Invalid configuration:\n  - UPSTASH_REDIS_REST_URL / UPSTASH_REDIS_REST_TOKEN: required on Vercel (add the Upstash integration, which sets KV_REST_API_URL / KV_REST_API_TOKEN); the embedded store needs a durable local disk.",
    );
  }

  // Node refuses a headers time-out longer than the request's: say so in words before it throws.
  if (durationMs(env.HTTP_HEADERS_TIMEOUT) > durationMs(env.HTTP_REQUEST_TIMEOUT)) {
    throw invalid([
      `HTTP_HEADERS_TIMEOUT: longer than HTTP_REQUEST_TIMEOUT (${env.HTTP_HEADERS_TIMEOUT} > ${env.HTTP_REQUEST_TIMEOUT}); the headers are part of the request.`,
    ]);
  }

  // A serverless deployment has no local service worth certifying: the setting can only open an SSRF hole there.
  if (env.CERTIFIER_ALLOW_LOOPBACK === "1" && env.VERCEL) {
    throw new ConfigError(
      "Invalid configuration:\n  - CERTIFIER_ALLOW_LOOPBACK: refused on Vercel; it is for local demos and tests only. Remove it.",
    );
  }
  const secrets = loadSecrets(env, store);
  const named = env.TLOG_ORIGIN ?? originFromBaseUrl(env.PUBLIC_BASE_URL);
  if (named === undefined && env.TLOG_WITNESSES?.trim()) {
    // A witness knows a log by its origin: a local default is not a name it can be configured with.
    throw invalid([
      "TLOG_WITNESSES: witnesses know a log by its public name, and this log has none. Set TLOG_ORIGIN (e.g. registro.example/log) or PUBLIC_BASE_URL, and give that origin to each witness's operator.",
    ]);
  }
  const tiles = parseTiles(env, store);
  const tlog = {
    ...loadTlogKey(env, store, named),
    witnesses: parseLogWitnesses(
      env.TLOG_WITNESSES,
      env.TLOG_WITNESS_QUORUM,
      durationMs(env.TLOG_WITNESS_INTERVAL),
      durationMs(env.TLOG_WITNESS_TIMEOUT),
    ),
    tiles,
    tilesPublicUrl: env.TLOG_TILES_S3_PUBLIC_URL ? env.TLOG_TILES_S3_PUBLIC_URL.replace(/\/*$/, "/") : null,
  };
  const rateLimits = {
    incorporate: parseRateLimit(env.RATE_LIMIT_INCORPORATE),
    play: parseRateLimit(env.RATE_LIMIT_PLAY),
    registry: parseRateLimit(env.RATE_LIMIT_REGISTRY),
    certifier: parseRateLimit(env.RATE_LIMIT_CERTIFIER),
    read: parseRateLimit(env.RATE_LIMIT_READ),
    witness: parseRateLimit(env.RATE_LIMIT_WITNESS),
  };
  return {
    env,
    production,
    store,
    secrets,
    tlog,
    witness: parseBuiltInWitness(env.WITNESS_SIGNING_KEY, env.WITNESS_LOGS),
    backgroundTimers: env.BACKGROUND_TIMERS === "on",
    mcpConformanceFixtures: env.MCP_CONFORMANCE_FIXTURES === "on",
    rateLimits,
    demoRetentionMs: durationMs(env.AUDIT_DEMO_RETENTION),
    registryDraftTtlMs: durationMs(env.REGISTRY_DRAFT_TTL),
    streams: { perIp: env.STREAM_MAX_PER_IP, total: env.STREAM_MAX },
    certifier: { requestTimeoutMs: durationMs(env.CERTIFIER_TIMEOUT), budgetMs: durationMs(env.CERTIFIER_BUDGET) },
    play: parsePlayModel(env),
  };
}

/**
 * The tile store: the bucket when TLOG_TILES_S3_BUCKET is set, else TLOG_TILES_DIR, else DATA_DIR/tiles
 * for the embedded store; Upstash without either keeps its tiles in Redis. A setting that would be
 * ignored is an error, not a silent choice.
 */
function parseTiles(env: Env, store: StoreConfig): TilesConfig {
  const s3Settings = [
    "TLOG_TILES_S3_ENDPOINT",
    "TLOG_TILES_S3_REGION",
    "TLOG_TILES_S3_ACCESS_KEY_ID",
    "TLOG_TILES_S3_SECRET_ACCESS_KEY",
    "TLOG_TILES_S3_PUBLIC_URL",
  ] as const;
  const bucket = env.TLOG_TILES_S3_BUCKET;
  if (bucket === undefined) {
    const stray = s3Settings.filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw invalid([
        `${stray.join(", ")}: set without TLOG_TILES_S3_BUCKET, so no bucket is used. Set the bucket, or unset them.`,
      ]);
    }
    if (env.TLOG_TILES_DIR) return { kind: "files", dir: env.TLOG_TILES_DIR };
    return store.backend === "embedded" ? { kind: "files", dir: `${store.dataDir}/tiles` } : { kind: "none" };
  }
  if (env.TLOG_TILES_DIR) {
    throw invalid([
      "TLOG_TILES_DIR and TLOG_TILES_S3_BUCKET: both are set, but tiles go to one place. Unset one of them.",
    ]);
  }
  if (Boolean(env.TLOG_TILES_S3_ACCESS_KEY_ID) !== Boolean(env.TLOG_TILES_S3_SECRET_ACCESS_KEY)) {
    throw invalid(["TLOG_TILES_S3_ACCESS_KEY_ID / TLOG_TILES_S3_SECRET_ACCESS_KEY: set both or neither."]);
  }
  if (!env.TLOG_TILES_S3_REGION) {
    throw invalid([
      "TLOG_TILES_S3_REGION: required with TLOG_TILES_S3_BUCKET (e.g. us-east-1; auto for Cloudflare R2).",
    ]);
  }
  return {
    kind: "s3",
    bucket,
    region: env.TLOG_TILES_S3_REGION,
    ...(env.TLOG_TILES_S3_ENDPOINT ? { endpoint: env.TLOG_TILES_S3_ENDPOINT } : {}),
    ...(env.TLOG_TILES_S3_ACCESS_KEY_ID ? { accessKeyId: env.TLOG_TILES_S3_ACCESS_KEY_ID } : {}),
    ...(env.TLOG_TILES_S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.TLOG_TILES_S3_SECRET_ACCESS_KEY } : {}),
  };
}

/**
 * The log's origin from the public base URL when TLOG_ORIGIN is unset: its host and path with `/log`,
 * so that it never depends on a request's Host. Without either, the log's key names it
 * (lib/config/secrets.ts: a name unique to the key).
 */
function originFromBaseUrl(publicBaseUrl: string | undefined): string | undefined {
  if (!publicBaseUrl) return undefined;
  const url = new URL(publicBaseUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, "")}/log`;
}

const CACHE = Symbol.for("sia.config");
type ConfigGlobal = typeof globalThis & { [CACHE]?: Config };

/** The process's configuration, read and validated on first use (and at start-up by instrumentation.ts). */
export function getConfig(): Config {
  const g = globalThis as ConfigGlobal;
  g[CACHE] ??= parseConfig(process.env);
  return g[CACHE];
}
