"use client";

import { ListingDisclosureFields } from "./listing-disclosure-fields";
import { ListingFields } from "./listing-fields";
import type { SelfListingFormProps } from "./listing-form-model";
import { ListingCreated, ListingSummary } from "./listing-notices";
import { useSelfListing } from "./use-self-listing";

export type { SelfListingFormProps } from "./listing-form-model";

/**
 * The self-listing form: a server action (it works before JavaScript loads), findings shown next to
 * each field and summarised at the top after a submission (never before), and the owner token shown
 * once on success. The state is in use-self-listing.ts.
 */
export function SelfListingForm({
  t,
  certify,
  lang,
  findingMessages,
  errorMessages,
  formingWords,
  types,
  jurisdictions,
  rfcTokens,
}: SelfListingFormProps) {
  const w = useSelfListing(findingMessages);
  return (
    <>
      <ListingCreated w={w} t={t} certify={certify} lang={lang} />
      <ListingSummary w={w} t={t} errorMessages={errorMessages} formingWords={formingWords} />

      <form action={w.action} className="registry-form" noValidate>
        <ListingFields w={w} t={t} types={types} jurisdictions={jurisdictions} />
        <ListingDisclosureFields w={w} t={t} rfcTokens={rfcTokens} />
        <button type="submit" className="button button-primary" disabled={w.pending}>
          {w.pending ? t.submitting : t.submit}
        </button>
      </form>
    </>
  );
}
