import { fill } from "@/lib/i18n/template";
import type { ActionRefusal } from "./record-action-state";
import type { RegistryMessages } from "./words";

type RefusalMessages = RegistryMessages["certify"]["errors"];

/** A claim's or a certification's refusal in the page's language, by its problem code. */
export function refusalWords(refusal: ActionRefusal, e: RefusalMessages): string {
  switch (refusal.code) {
    case "registry_token_required":
      return e.tokenRequired;
    case "registry_token_invalid":
    case "unauthorized":
      return e.tokenInvalid;
    case "target_refused":
      return fill(e.targetRefused, { reason: refusal.reason ?? "?" });
    case "invalid_transition":
      return e.invalidTransition;
    case "registry_duplicate":
      return e.duplicate;
    case "conflict":
      return e.conflict;
    case "not_found":
      return e.notFound;
    case "registry_record_corrupt":
      return e.corrupt;
    case "rate_limited":
      return fill(e.rateLimited, { seconds: refusal.seconds ?? 60 });
    case "store_unavailable":
      return e.storeUnavailable;
    default:
      return e.unavailable;
  }
}
