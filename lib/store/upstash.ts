/**
 * Store on Upstash Redis (REST). Many stateless instances share it, so every check-then-write and every
 * multi-key invariant runs inside one Lua script: Redis executes it atomically, Node never reads then
 * writes. Values travel as raw strings (automatic JSON deserialisation off) so signed bytes come back
 * byte-identical.
 *
 * Key layout (prefix defaults to "sia:"):
 *   <prefix>k:<key>                          plain keys: strings, counters and append-only lists
 *   <prefix>r:<C>:seq                        per-collection position counter (creation order)
 *   <prefix>r:<C>:all                        sorted set id -> position, every record
 *   <prefix>r:<C>:h:<id>                     hash: v (value), n (version), p (position),
 *                                            i:<field> -> index key, u:<field> -> unique-claim key
 *   <prefix>r:<C>:i:<field>:<value>          sorted set id -> position, one per index value
 *   <prefix>r:<C>:u:<field>:<value>          string: id of the record holding that unique value
 * where <C>, <field> and <value> have "%" and ":" escaped so that no two names collide.
 */
import type { Redis } from "@upstash/redis";
import { assertValidBatch } from "./batch";
import { createRedisClient } from "./redis-client";
import {
  type AppendOptions,
  type AppendResult,
  type BatchFailure,
  type BatchResult,
  type BatchWrite,
  type Expiry,
  type ListPage,
  type ListQuery,
  type RecordWrite,
  type RecordWriteResult,
  type SetOptions,
  type Store,
  type StoredRecord,
  type StoreRead,
  type StoreReadResult,
  StoreUnavailableError,
} from "./types";

export interface UpstashStoreOptions {
  url: string;
  token: string;
  /** Namespace for every key (default "sia:"); tests use their own to share one Redis. */
  prefix?: string;
}

// Pushes values onto a list whose length has been checked; shared by append and batch. A numeric
// expiry slides only on a new list or one that already expires (PTTL -2 or >= 0), never on one made
// permanent (PTTL -1); 'persist' makes it permanent.
const PUSH_LUA = `
local function push(key, values, expiry)
  local ttl = redis.call('PTTL', key)
  local len = redis.call('RPUSH', key, unpack(values))
  if expiry == 'persist' then
    redis.call('PERSIST', key)
  elseif expiry ~= '' and ttl ~= -1 then
    redis.call('PEXPIRE', key, expiry)
  end
  return len
end
`;

// Appends only when the list has the expected length.
const APPEND_LUA = `${PUSH_LUA}
local len = redis.call('LLEN', KEYS[1])
if len ~= tonumber(ARGV[1]) then return {0, len} end
return {1, push(KEYS[1], {ARGV[2]}, ARGV[3])}
`;

// The TTL is set only by the INCR that creates the counter, so a window never slides.
const INCR_LUA = `
local existed = redis.call('EXISTS', KEYS[1])
local n = redis.call('INCR', KEYS[1])
if existed == 0 and ARGV[1] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

// Record checks and writes, shared by putRecord and batch. K: record hash, position counter, "all"
// set, then ni index keys, then nu unique keys. A: mode, expectVersion or '', value, id, ni, nu, ni
// index field names, nu unique field names. record_check only reads, so callers can check every
// write before the first one is applied and a rejected write leaves nothing behind.
const RECORD_LUA = `
local function record_check(K, A)
  local mode, expect, id = A[1], A[2], A[4]
  local ni, nu = tonumber(A[5]), tonumber(A[6])
  local exists = redis.call('EXISTS', K[1]) == 1
  if mode == 'create' and exists then return {'exists'} end
  if mode == 'update' and not exists then return {'missing'} end
  local st = {old = {}, version = 0, pos = false}
  if exists then
    local flat = redis.call('HGETALL', K[1])
    for i = 1, #flat, 2 do st.old[flat[i]] = flat[i + 1] end
    st.version = tonumber(st.old['n'])
    st.pos = st.old['p']
  end
  -- As the embedded store: an expected version needs an existing record carrying exactly that version.
  if expect ~= '' and (not exists or st.version ~= tonumber(expect)) then return {'version'} end
  for j = 1, nu do
    local owner = redis.call('GET', K[3 + ni + j])
    if owner and owner ~= id then return {'unique', A[6 + ni + j]} end
  end
  return nil, st
end

local function record_apply(K, A, st)
  local value, id = A[3], A[4]
  local ni, nu = tonumber(A[5]), tonumber(A[6])
  local keep = {}
  for j = 1, ni + nu do keep[K[3 + j]] = true end
  for field, key in pairs(st.old) do
    local kind = string.sub(field, 1, 2)
    if kind == 'i:' and not keep[key] then
      redis.call('ZREM', key, id)
    elseif kind == 'u:' and not keep[key] and redis.call('GET', key) == id then
      redis.call('DEL', key)
    end
  end
  local pos = st.pos
  if not pos then
    pos = redis.call('INCR', K[2])
    redis.call('ZADD', K[3], pos, id)
  end
  local fields = {'v', value, 'n', st.version + 1, 'p', pos}
  for j = 1, ni do
    redis.call('ZADD', K[3 + j], pos, id)
    fields[#fields + 1] = 'i:' .. A[6 + j]
    fields[#fields + 1] = K[3 + j]
  end
  for j = 1, nu do
    redis.call('SET', K[3 + ni + j], id)
    fields[#fields + 1] = 'u:' .. A[6 + ni + j]
    fields[#fields + 1] = K[3 + ni + j]
  end
  redis.call('DEL', K[1])
  redis.call('HSET', K[1], unpack(fields))
  return st.version + 1
end
`;

const PUT_RECORD_LUA = `${RECORD_LUA}
local failure, st = record_check(KEYS, ARGV)
if failure then return failure end
return {'ok', record_apply(KEYS, ARGV, st)}
`;

// ARGV[1] is the number of writes; each write takes its keys from KEYS and its arguments from ARGV, in
// order:
//   append  'a', expectedLength, expiry ('' | 'persist' | ms), n, n values             1 key
//   push    'p', n, n values                                                             1 key
//   bucketed push 'q', size, n, n values (counter key, then bucket prefix key)          2 keys
//   set     's', value, ttl ('' | ms), m, m pairs (flag, value): '1' holds value, '0' missing   1 key
//   record  'r', the record arguments A above                                           3 + ni + nu keys
// Every condition is checked first (reply {0, index, failure} on the first that fails, nothing
// written), then every write is applied (reply {1, positions}: where each push's first value went).
const BATCH_LUA = `${RECORD_LUA}${PUSH_LUA}
local writes, ki, ai = {}, 1, 2
for i = 1, tonumber(ARGV[1]) do
  local w = {kind = ARGV[ai]}
  if w.kind == 'a' then
    w.key, w.expected, w.expiry = KEYS[ki], tonumber(ARGV[ai + 1]), ARGV[ai + 2]
    local n = tonumber(ARGV[ai + 3])
    w.values = {}
    for j = 1, n do w.values[j] = ARGV[ai + 3 + j] end
    ki, ai = ki + 1, ai + 4 + n
  elseif w.kind == 'p' then
    w.key = KEYS[ki]
    local n = tonumber(ARGV[ai + 1])
    w.values = {}
    for j = 1, n do w.values[j] = ARGV[ai + 1 + j] end
    ki, ai = ki + 1, ai + 2 + n
  elseif w.kind == 'q' then
    w.key, w.prefix, w.size = KEYS[ki], KEYS[ki + 1], tonumber(ARGV[ai + 1])
    local n = tonumber(ARGV[ai + 2])
    w.values = {}
    for j = 1, n do w.values[j] = ARGV[ai + 2 + j] end
    ki, ai = ki + 2, ai + 3 + n
  elseif w.kind == 's' or w.kind == 'd' then
    w.key, w.value, w.ttl = KEYS[ki], ARGV[ai + 1], ARGV[ai + 2]
    local m = tonumber(ARGV[ai + 3])
    if m > 0 then
      w.expect = {}
      for j = 1, m do w.expect[j] = ARGV[ai + 2 + 2 * j] == '1' and ARGV[ai + 3 + 2 * j] or false end
    end
    ki, ai = ki + 1, ai + 4 + 2 * m
  else
    local ni, nu = tonumber(ARGV[ai + 5]), tonumber(ARGV[ai + 6])
    w.K, w.A = {}, {}
    for j = 1, 3 + ni + nu do w.K[j] = KEYS[ki + j - 1] end
    for j = 1, 6 + ni + nu do w.A[j] = ARGV[ai + j] end
    ki, ai = ki + 3 + ni + nu, ai + 7 + ni + nu
  end
  writes[i] = w
end
for i, w in ipairs(writes) do
  local failure
  if w.kind == 'a' then
    local len = redis.call('LLEN', w.key)
    if len ~= w.expected then failure = {'length', len} end
  elseif w.kind == 'p' or w.kind == 'q' then
    failure = nil
  elseif w.kind == 's' or w.kind == 'd' then
    if w.expect then
      local current = redis.pcall('GET', w.key)
      if type(current) == 'table' then current = true end -- not a string: matches no expected value
      local match = false
      for _, e in ipairs(w.expect) do if e == current then match = true end end
      if not match then failure = {'changed'} end
    end
  else
    failure, w.st = record_check(w.K, w.A)
  end
  if failure then return {0, i - 1, failure} end
end
local pushed = {}
for _, w in ipairs(writes) do
  if w.kind == 'a' then
    push(w.key, w.values, w.expiry)
  elseif w.kind == 'p' then
    pushed[#pushed + 1] = redis.call('RPUSH', w.key, unpack(w.values)) - #w.values
  elseif w.kind == 'q' then
    local at = tonumber(redis.call('GET', w.key) or '0')
    pushed[#pushed + 1] = at
    for j, v in ipairs(w.values) do
      redis.call('RPUSH', w.prefix .. math.floor((at + j - 1) / w.size), v)
    end
    redis.call('SET', w.key, at + #w.values)
  elseif w.kind == 's' then
    if w.ttl == '' then redis.call('SET', w.key, w.value) else redis.call('SET', w.key, w.value, 'PX', w.ttl) end
  elseif w.kind == 'd' then
    redis.call('DEL', w.key)
  else
    record_apply(w.K, w.A, w.st)
  end
end
return {1, pushed}
`;

// Store.readMany. ARGV, one group per read: 'g' (get) | 'l' (length) | 'r', start, stop (range) |
// 'p', n (path: n keys). KEYS: one per read, n for a path. A key of another type reads as missing,
// as on the embedded store. A get answers {} or {value}: a nil would cut the reply's array short.
const READ_LUA = `-- read-only
local out, ki, ai = {}, 1, 1
while ai <= #ARGV do
  local kind, reply = ARGV[ai], nil
  if kind == 'g' then
    local v = redis.pcall('GET', KEYS[ki])
    reply = (type(v) == 'string') and {v} or {}
    ki, ai = ki + 1, ai + 1
  elseif kind == 'l' then
    local n = redis.pcall('LLEN', KEYS[ki])
    reply = (type(n) == 'number') and n or 0
    ki, ai = ki + 1, ai + 1
  elseif kind == 'r' then
    local items = redis.pcall('LRANGE', KEYS[ki], ARGV[ai + 1], ARGV[ai + 2])
    reply = (type(items) == 'table' and not items.err) and items or {}
    ki, ai = ki + 1, ai + 3
  else
    local n = tonumber(ARGV[ai + 1])
    reply = {}
    for j = 0, n - 1 do
      local v = redis.pcall('GET', KEYS[ki + j])
      if type(v) ~= 'string' then break end
      reply[#reply + 1] = v
    end
    ki, ai = ki + n, ai + 2
  end
  out[#out + 1] = reply
end
return out
`;

const GET_RECORD_LUA = `
local r = redis.call('HMGET', KEYS[1], 'v', 'n')
if not r[1] then return false end
return {r[1], tonumber(r[2])}
`;

// KEYS: record hash, "all" set. ARGV: id. Removes the record, its index entries and its unique claims.
const DELETE_RECORD_LUA = `
local flat = redis.call('HGETALL', KEYS[1])
if #flat == 0 then return 0 end
for i = 1, #flat, 2 do
  local kind, key = string.sub(flat[i], 1, 2), flat[i + 1]
  if kind == 'i:' then
    redis.call('ZREM', key, ARGV[1])
  elseif kind == 'u:' and redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
  end
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
return 1
`;

// KEYS: sets that must all contain a record (the "all" set when there is no filter).
// ARGV: record hash prefix, after ('' for the start), limit.
// Walks the smallest set in position order and checks the others, so one call returns a whole page.
// Reply: {next position or '', {id, value, version}...}.
const LIST_RECORDS_LUA = `
local prefix, limit = ARGV[1], tonumber(ARGV[3])
local min = ARGV[2] == '' and '-inf' or ('(' .. ARGV[2])
local driver, size = 1, redis.call('ZCARD', KEYS[1])
for k = 2, #KEYS do
  local c = redis.call('ZCARD', KEYS[k])
  if c < size then driver, size = k, c end
end
local out, found, last, more = {}, 0, '', false
local batch = math.max(limit + 1, 100)
while not more do
  local page = redis.call('ZRANGEBYSCORE', KEYS[driver], min, '+inf', 'WITHSCORES', 'LIMIT', 0, batch)
  for i = 1, #page, 2 do
    local id, score = page[i], page[i + 1]
    local match = true
    for k = 1, #KEYS do
      if k ~= driver and not redis.call('ZSCORE', KEYS[k], id) then match = false break end
    end
    if match then
      if found == limit then more = true break end
      local r = redis.call('HMGET', prefix .. id, 'v', 'n')
      if r[1] then
        found = found + 1
        out[found] = {id, r[1], tonumber(r[2])}
        last = score
      end
    end
    min = '(' .. score
  end
  if #page < batch * 2 then break end
end
if not more then last = '' end
return {last, out}
`;

type Script<T> = { exec(keys: string[], args: string[]): Promise<T> };

/** Escapes the separator so that user strings cannot forge another key. */
const esc = (s: string) => s.replace(/%/g, "%25").replace(/:/g, "%3A");

function assertInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
}

function assertTtl(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number of milliseconds`);
}

/** The script argument for an append's expiry. */
function expiryArg(expiry: Expiry | undefined): string {
  if (expiry === undefined) return "";
  if (expiry === "persist") return expiry;
  assertTtl("expiry", expiry);
  return String(Math.ceil(expiry));
}

/** A record script's refusal ({reason, field?}) as the contract's failure. */
function recordFailure(status: string, detail: unknown): BatchFailure {
  switch (status) {
    case "unique":
      return { reason: "unique", field: String(detail) };
    case "exists":
    case "missing":
    case "version":
      return { reason: status };
    default:
      throw new StoreUnavailableError(`Upstash store: unexpected record reply "${status}"`);
  }
}

/** Operations that change the store: a lost answer leaves their outcome unknown. */
const WRITE_OPERATIONS = new Set(["append", "set", "del", "expire", "incr", "putRecord", "batch", "deleteRecord"]);
/** Connection failures that happen before a request is sent. */
const NEVER_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * True when the failure leaves no doubt that nothing was written: Upstash answered with an error (the
 * client's UpstashError), or the connection was never made. A time-out or a connection dropped after
 * the request went out leaves the outcome unknown.
 */
function answeredOrNeverSent(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "UpstashError" || error.name === "UpstashJSONParseError") return true;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && NEVER_SENT_CODES.has(code);
}

export class UpstashStore implements Store {
  readonly backend = "upstash" as const;
  /** Reads: retried once. */
  readonly #redis: Redis;
  /** Writes: never resent (see redis-client.ts). */
  readonly #writer: Redis;
  readonly #token: string;
  readonly #prefix: string;
  readonly #append: Script<[number, number]>;
  readonly #incr: Script<number>;
  readonly #put: Script<[string, (number | string)?]>;
  readonly #getRecord: Script<[string, number] | null>;
  readonly #delete: Script<number>;
  readonly #list: Script<[string, [string, string, number][]]>;
  readonly #batch: Script<[number, number?, [string, (number | string)?]?]>;
  readonly #read: Script<(string[] | number)[]>;

  constructor(options: UpstashStoreOptions) {
    if (!options.url || !options.token) throw new Error("UpstashStore needs a REST url and token");
    this.#token = options.token;
    this.#prefix = options.prefix ?? "sia:";
    // Raw strings (no JSON deserialisation), a deadline per request and few retries: see redis-client.ts.
    this.#redis = createRedisClient({ url: options.url, token: options.token });
    this.#writer = createRedisClient({ url: options.url, token: options.token, retries: 0 });
    this.#append = this.#writer.createScript(APPEND_LUA);
    this.#incr = this.#writer.createScript(INCR_LUA);
    this.#put = this.#writer.createScript(PUT_RECORD_LUA);
    this.#getRecord = this.#redis.createScript(GET_RECORD_LUA);
    this.#delete = this.#writer.createScript(DELETE_RECORD_LUA);
    this.#list = this.#redis.createScript(LIST_RECORDS_LUA);
    this.#batch = this.#writer.createScript(BATCH_LUA);
    this.#read = this.#redis.createScript(READ_LUA);
  }

  async ping(): Promise<void> {
    await this.#call("ping", () => this.#redis.ping());
  }

  async append(key: string, expectedLength: number, value: string, options?: AppendOptions): Promise<AppendResult> {
    assertInteger("expectedLength", expectedLength, 0);
    const expiry = expiryArg(options?.expiry);
    const [ok, length] = await this.#call("append", () =>
      this.#append.exec([this.#key(key)], [String(expectedLength), value, expiry]),
    );
    return { ok: ok === 1, length: Number(length) };
  }

  async range(key: string, start = 0, stop = -1): Promise<string[]> {
    assertInteger("start", start, Number.MIN_SAFE_INTEGER);
    assertInteger("stop", stop, Number.MIN_SAFE_INTEGER);
    return this.#call("range", () => this.#redis.lrange<string>(this.#key(key), start, stop));
  }

  async length(key: string): Promise<number> {
    return Number(await this.#call("length", () => this.#redis.llen(this.#key(key))));
  }

  async get(key: string): Promise<string | null> {
    return this.#call("get", () => this.#redis.get<string>(this.#key(key)));
  }

  async set(key: string, value: string, options?: SetOptions): Promise<boolean> {
    const ttl = options?.ttlMs;
    if (ttl !== undefined) assertTtl("ttlMs", ttl);
    const k = this.#key(key);
    const reply = await this.#call("set", () => {
      if (ttl === undefined) return options?.nx ? this.#writer.set(k, value, { nx: true }) : this.#writer.set(k, value);
      const px = Math.ceil(ttl);
      return options?.nx ? this.#writer.set(k, value, { nx: true, px }) : this.#writer.set(k, value, { px });
    });
    return reply === "OK";
  }

  async del(key: string): Promise<void> {
    await this.#call("del", () => this.#writer.del(this.#key(key)));
  }

  async expire(key: string, expiry: Expiry): Promise<void> {
    const k = this.#key(key);
    if (expiry === "persist") {
      await this.#call("expire", () => this.#writer.persist(k));
      return;
    }
    assertTtl("expiry", expiry);
    await this.#call("expire", () => this.#writer.pexpire(k, Math.ceil(expiry)));
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    if (ttlMs !== undefined) assertTtl("ttlMs", ttlMs);
    const n = await this.#call("incr", () =>
      this.#incr.exec([this.#key(key)], [ttlMs === undefined ? "" : String(Math.ceil(ttlMs))]),
    );
    return Number(n);
  }

  async putRecord(write: RecordWrite): Promise<RecordWriteResult> {
    const { keys, args } = this.#recordScriptArgs(write);
    const [status, detail] = await this.#call("putRecord", () => this.#put.exec(keys, args));
    if (status === "ok") return { ok: true, version: Number(detail) };
    return { ok: false, ...recordFailure(String(status), detail) } as RecordWriteResult;
  }

  async batch(writes: BatchWrite[]): Promise<BatchResult> {
    assertValidBatch(writes);
    const keys: string[] = [];
    const args: string[] = [String(writes.length)];
    for (const write of writes) {
      if (write.type === "append") {
        keys.push(this.#key(write.key));
        const { expectedLength, values } = write;
        args.push("a", String(expectedLength), expiryArg(write.expiry), String(values.length), ...values);
      } else if (write.type === "push" && write.bucket !== undefined) {
        keys.push(this.#key(write.key), this.#key(write.bucket.prefix));
        args.push("q", String(write.bucket.size), String(write.values.length), ...write.values);
      } else if (write.type === "push") {
        keys.push(this.#key(write.key));
        args.push("p", String(write.values.length), ...write.values);
      } else if (write.type === "set" || write.type === "del") {
        // A del travels as a set without value or time to live: the script parses both alike.
        const set = write.type === "set";
        if (set && write.ttlMs !== undefined) assertTtl("ttlMs", write.ttlMs);
        keys.push(this.#key(write.key));
        const ttl = set && write.ttlMs !== undefined ? String(Math.ceil(write.ttlMs)) : "";
        args.push(set ? "s" : "d", set ? write.value : "", ttl, String(write.expect?.length ?? 0));
        for (const value of write.expect ?? []) args.push(value === null ? "0" : "1", value ?? "");
      } else {
        const record = this.#recordScriptArgs(write.write);
        keys.push(...record.keys);
        args.push("r", ...record.args);
      }
    }
    const [ok, index, failure] = await this.#call("batch", () => this.#batch.exec(keys, args));
    // On success the second member is the list of push positions (Redis turns an empty table into []).
    if (ok === 1) return { ok: true, pushedAt: ((index ?? []) as unknown as number[]).map(Number) };
    const [reason, detail] = failure ?? [];
    return {
      ok: false,
      index: Number(index),
      failure:
        reason === "length"
          ? { reason, length: Number(detail) }
          : reason === "changed"
            ? { reason }
            : recordFailure(String(reason), detail),
    };
  }

  async readMany(reads: StoreRead[]): Promise<StoreReadResult[]> {
    if (reads.length === 0) return [];
    const keys: string[] = [];
    const args: string[] = [];
    for (const read of reads) {
      if (read.type === "path") {
        keys.push(...read.keys.map((key) => this.#key(key)));
        args.push("p", String(read.keys.length));
        continue;
      }
      keys.push(this.#key(read.key));
      if (read.type === "range") {
        assertInteger("start", read.start, Number.MIN_SAFE_INTEGER);
        assertInteger("stop", read.stop, Number.MIN_SAFE_INTEGER);
        args.push("r", String(read.start), String(read.stop));
      } else args.push(read.type === "get" ? "g" : "l");
    }
    const replies = await this.#call("readMany", () => this.#read.exec(keys, args));
    return reads.map((read, i) => {
      const reply = replies[i];
      if (read.type === "length") return Number(reply);
      const items = Array.isArray(reply) ? reply.map(String) : [];
      return read.type === "get" ? (items[0] ?? null) : items;
    });
  }

  async getRecord(collection: string, id: string): Promise<StoredRecord | null> {
    const c = this.#collection(collection);
    const reply = await this.#call("getRecord", () => this.#getRecord.exec([`${c}h:${id}`], []));
    return reply ? { id, value: reply[0], version: Number(reply[1]) } : null;
  }

  async listRecords(query: ListQuery): Promise<ListPage> {
    assertInteger("limit", query.limit, 1);
    if (query.after !== undefined) assertInteger("after", query.after, 0);
    const c = this.#collection(query.collection);
    const where = Object.entries(query.where ?? {});
    const keys = where.length > 0 ? where.map(([f, v]) => `${c}i:${esc(f)}:${esc(v)}`) : [`${c}all`];
    const args = [`${c}h:`, query.after === undefined ? "" : String(query.after), String(query.limit)];
    const [next, rows] = await this.#call("listRecords", () => this.#list.exec(keys, args));
    return {
      records: rows.map(([id, value, version]) => ({ id, value, version: Number(version) })),
      next: next === "" ? null : Number(next),
    };
  }

  async deleteRecord(collection: string, id: string): Promise<void> {
    const c = this.#collection(collection);
    await this.#call("deleteRecord", () => this.#delete.exec([`${c}h:${id}`, `${c}all`], [id]));
  }

  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  async close(): Promise<void> {
    // Stateless HTTP: nothing to release; the flag only tells background work to stop.
    this.#closed = true;
  }

  /** KEYS and ARGV of a record write, as RECORD_LUA reads them. */
  #recordScriptArgs(write: RecordWrite): { keys: string[]; args: string[] } {
    if (write.expectVersion !== undefined) assertInteger("expectVersion", write.expectVersion, 0);
    const c = this.#collection(write.collection);
    const indexFields = Object.keys(write.indexes);
    const uniqueFields = Object.keys(write.unique ?? {});
    const keys = [
      `${c}h:${write.id}`,
      `${c}seq`,
      `${c}all`,
      ...indexFields.map((f) => `${c}i:${esc(f)}:${esc(write.indexes[f] ?? "")}`),
      ...uniqueFields.map((f) => `${c}u:${esc(f)}:${esc(write.unique?.[f] ?? "")}`),
    ];
    const args = [
      write.mode,
      write.expectVersion === undefined ? "" : String(write.expectVersion),
      write.value,
      write.id,
      String(indexFields.length),
      String(uniqueFields.length),
      ...indexFields,
      ...uniqueFields,
    ];
    return { keys, args };
  }

  #key(key: string): string {
    return `${this.#prefix}k:${key}`;
  }

  #collection(collection: string): string {
    return `${this.#prefix}r:${esc(collection)}:`;
  }

  /**
   * Runs one request and turns any client or network failure into StoreUnavailableError. A write
   * whose request may have reached Upstash (anything but a refused or unresolved connection) has an
   * unknown outcome, and the caller is told so.
   */
  async #call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StoreUnavailableError(
        `Upstash store unavailable (${operation}): ${this.#describe(error)}`,
        WRITE_OPERATIONS.has(operation) && !answeredOrNeverSent(error),
      );
    }
  }

  /** A short reason without the token or the command's payload (values may be sensitive or large). */
  #describe(error: unknown): string {
    const name = error instanceof Error ? error.name : "Error";
    let message = error instanceof Error ? error.message : String(error);
    // fetch() hides the reason (ECONNREFUSED, ENOTFOUND...) in its cause.
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    if (typeof cause?.code === "string") message = `${message} (${cause.code})`;
    message = message.split(", command was:")[0] ?? "";
    message = message.split("\n")[0] ?? "";
    message = message.split(this.#token).join("[redacted]");
    if (message.length > 200) message = `${message.slice(0, 200)}...`;
    return `${name}: ${message}`;
  }
}
