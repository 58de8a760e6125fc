"use client";

import { useActionState, useEffect, useRef } from "react";
import { errorFindings } from "@/app/_components/forms/form-field";
import { submitListing } from "./actions";
import { FIELD_IDS, fieldKey } from "./listing-form-model";
import { EMPTY_VALUES, type ListingFormState } from "./listing-form-state";

/**
 * The self-listing form's state: the server action's last answer (it works before JavaScript
 * loads), its error findings by field, and the focus moved to the summary or the created notice.
 */
export function useSelfListing(findingMessages: Record<string, string>) {
  const [state, action, pending] = useActionState<ListingFormState, FormData>(submitListing, {
    status: "idle",
    values: EMPTY_VALUES,
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status === "invalid" || state.status === "error") summaryRef.current?.focus();
    if (state.status === "created") createdRef.current?.focus();
  }, [state]);

  const problems = new Map<string, string[]>();
  if (state.status === "invalid") {
    for (const f of state.findings.filter((finding) => finding.severity === "error")) {
      const key = fieldKey(f.field);
      problems.set(key, [...(problems.get(key) ?? []), findingMessages[f.code] ?? f.code]);
    }
  }
  const fieldFindings = (key: string) => errorFindings(FIELD_IDS[key] ?? key, problems.get(key)?.join(" "));

  return { state, action, pending, problems, fieldFindings, refs: { summaryRef, createdRef } };
}

/** The form's state, as the views receive it. */
export type SelfListing = ReturnType<typeof useSelfListing>;
