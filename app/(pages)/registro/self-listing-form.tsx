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
  words,
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
      <ListingCreated listing={w} words={words} certify={certify} lang={lang} />
      <ListingSummary listing={w} words={words} errorMessages={errorMessages} formingWords={formingWords} />

      <form action={w.action} className="registry-form" noValidate>
        <ListingFields listing={w} words={words} types={types} jurisdictions={jurisdictions} />
        <ListingDisclosureFields listing={w} words={words} rfcTokens={rfcTokens} />
        <button type="submit" className="button button-primary" disabled={w.pending}>
          {w.pending ? words.submitting : words.submit}
        </button>
      </form>
    </>
  );
}
