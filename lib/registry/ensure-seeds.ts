import { createHash } from "node:crypto";
import { z } from "zod";
import seedFile from "../../data/registry-seeds.json";
import { getConfig } from "../config/config";
import { dateInArgentina } from "../i18n/date-in-argentina";
import { CUIT_PATTERN } from "../identity/cuit";
import { RECORD_ID_PATTERN } from "../identity/record-id";
import { getStore } from "../store";
import { perStore } from "../store/per-store";
import { JURISDICTIONS, RECORD_STATUSES, RECORD_TYPES, type RegistryRecord, RFC_TOKENS } from "./record-schema";
import { releaseLegacyClaims } from "./release-legacy-claims";
import { saveEntry } from "./stored-record";

const seedSchema = z
  .object({
    id: z.string().regex(RECORD_ID_PATTERN),
    deployment: z.boolean().optional(),
    name: z.string().min(1),
    type: z.enum(RECORD_TYPES),
    jurisdiction: z.enum(JURISDICTIONS),
    status: z.enum(RECORD_STATUSES).exclude(["forming"]),
    operator: z.string().min(1).optional(),
    // A company proposed by a pull request names its operator's CUIT (checked in CI with the check digit).
    operatorCuit: z.string().regex(CUIT_PATTERN).optional(),
    publicUrl: z.url({ protocol: /^https$/ }).optional(),
    rfcConformance: z.array(z.enum(RFC_TOKENS)),
    disclosure: z.object({ es: z.string().min(1), en: z.string().min(1) }).strict(),
  })
  .strict();

/** The seed records as they would be created now (the deployment's one filled from configuration). */
export function seedRecords(now = new Date().toISOString()): RegistryRecord[] {
  const { env } = getConfig();
  const seeds = z.array(seedSchema).parse(seedFile.records);
  return seeds.map((seed) => {
    // The deployment claims its URL and CUIT only when it knows its own public origin.
    const self = seed.deployment && env.PUBLIC_BASE_URL ? env : null;
    const live = seed.status === "live";
    return {
      id: seed.id,
      name: seed.name,
      type: seed.type,
      jurisdiction: seed.jurisdiction,
      operator: self?.ISSUER_OPERATOR_NAME ?? seed.operator ?? "-",
      operatorCuit: self?.ISSUER_OPERATOR_CUIT ?? seed.operatorCuit ?? null,
      publicUrl: self?.PUBLIC_BASE_URL
        ? new URL(self.PUBLIC_BASE_URL).origin
        : seed.publicUrl
          ? new URL(seed.publicUrl).origin
          : "-",
      rfcConformance: seed.rfcConformance,
      disclosure: seed.disclosure,
      status: seed.status,
      listedSince: live ? dateInArgentina(now) : "-",
      goodStanding: { state: live ? "active" : "unverified", lastCheckedAt: null, lastScore: null, lastRating: null },
      createdAt: now,
      updatedAt: now,
      source: "seed",
    };
  });
}

async function loadSeeds(): Promise<void> {
  await releaseLegacyClaims();
  const records = seedRecords();
  const store = getStore();
  // One marker per content of the seeds: warm instances skip the work with a single read.
  const fingerprint = createHash("sha256")
    .update(JSON.stringify(records.map(({ createdAt, updatedAt, listedSince, ...r }) => r)))
    .digest("hex")
    .slice(0, 16);
  const marker = `registry:seeds:${fingerprint}`;
  if (await store.get(marker)) return;
  for (const record of records) {
    // "create" is atomic: concurrent instances race harmlessly, and an existing record is never overwritten.
    const result = await saveEntry(
      { v: 2, record, ownerTokenHash: null, claimTokenHash: null, auditSessionId: null, seq: 0, reportHash: null },
      { mode: "create" },
    );
    if (!result.ok && result.reason === "unique") {
      console.warn(`[registry] seed ${record.id} not loaded: its ${result.field} is already listed by another record.`);
    }
  }
  await store.set(marker, new Date().toISOString());
}

/**
 * Loads the seed records once per process and store (idempotent across processes and restarts): a
 * process that opens another store (a test with its own data directory) finds the seeds there too.
 */
export function ensureSeeds(): Promise<void> {
  const loaded = perStore<Promise<void>>("sia.registry.seeds");
  const store = getStore();
  let pending = loaded.get(store);
  if (!pending) {
    pending = loadSeeds().catch((err) => {
      loaded.delete(store); // retry on the next request rather than never
      throw err;
    });
    loaded.set(store, pending);
  }
  return pending;
}
