import { ApiError } from "../http/problem";
import { dateInArgentina } from "../i18n/date-in-argentina";
import type { GoodStanding, Rating, RegistryRecord } from "./record-schema";

/**
 * The registry's state machine, the only place a record's `status` or `goodStanding` changes
 * (docs/registry.md draws it):
 *
 *   draft   --certify, rating >= C-->  live (good standing active, listedSince = today)
 *   draft   --certify, rating <  C-->  draft (unverified; the attempt's score is kept)
 *   live    --certify, rating >= C-->  live, active
 *   live    --certify, rating <  C-->  live, suspended
 *   forming --claim (claim token + URL)--> draft (unverified)
 *   draft | live --public URL changed--> draft (unverified, listedSince '-')
 *   live    --displace (the site's manifest names another record, which passed)--> draft (unverified)
 *
 * Anything else (certifying a forming stub, claiming a record that is not forming, moving a forming
 * stub's URL without claiming it) is refused with `invalid_transition`.
 */
export type RegistryEvent =
  | { type: "certify"; at: string; score: number; rating: Rating; passed: boolean }
  | { type: "claim"; at: string; publicUrl: string }
  | { type: "change-url"; at: string; publicUrl: string }
  | { type: "displace"; at: string; by: string };

const UNVERIFIED: GoodStanding = { state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null };

function refuse(record: RegistryRecord, event: RegistryEvent, why: string): never {
  throw new ApiError("invalid_transition", `Record ${record.id} is ${record.status}: ${why}`, {
    from: record.status,
    event: event.type,
  });
}

/** The record after `event`, or an `invalid_transition` problem (409) saying why not. */
export function applyTransition(record: RegistryRecord, event: RegistryEvent): RegistryRecord {
  const base = { ...record, updatedAt: event.at };
  switch (event.type) {
    case "certify": {
      if (record.status === "forming") {
        refuse(record, event, "a forming company is certified after it claims its record with its public URL.");
      }
      const checked = { lastCheckedAt: event.at, lastScore: event.score, lastRating: event.rating };
      if (record.status === "live") {
        return { ...base, goodStanding: { state: event.passed ? "active" : "suspended", ...checked } };
      }
      if (!event.passed) return { ...base, goodStanding: { state: "unverified", ...checked } };
      return {
        ...base,
        status: "live",
        listedSince: dateInArgentina(event.at),
        goodStanding: { state: "active", ...checked },
      };
    }
    case "claim":
      if (record.status !== "forming") refuse(record, event, "only a forming record can be claimed.");
      return { ...base, status: "draft", publicUrl: event.publicUrl, goodStanding: UNVERIFIED };
    case "change-url":
      if (record.status === "forming") {
        refuse(record, event, "claim the record with its claim token to give it a public URL.");
      }
      return { ...base, status: "draft", publicUrl: event.publicUrl, listedSince: "-", goodStanding: UNVERIFIED };
    case "displace":
      if (record.status !== "live") refuse(record, event, "only a live record holds an origin to give up.");
      return { ...base, status: "draft", listedSince: "-", goodStanding: UNVERIFIED };
  }
}
