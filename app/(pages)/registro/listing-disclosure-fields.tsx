import { FormField } from "@/app/_components/forms/form-field";
import type { ListingWords } from "./listing-form-model";
import type { SelfListing } from "./use-self-listing";

/** What the sociedad-IA conforms to and discloses: RFC tokens and the disclosure in both languages. */
export function ListingDisclosureFields({
  listing,
  words,
  rfcTokens,
}: {
  listing: SelfListing;
  words: ListingWords;
  rfcTokens: string[];
}) {
  const v = listing.state.values;
  const { fieldFindings } = listing;
  const rfcFindings = fieldFindings("rfcConformance");
  return (
    <>
      <fieldset className="registry-field" id="listing-rfc" aria-describedby={rfcFindings?.id}>
        <legend>{words.rfc}</legend>
        <div className="registry-checks">
          {rfcTokens.map((token) => (
            <label key={token} className="registry-check" translate="no">
              <input
                type="checkbox"
                name="rfcConformance"
                value={token}
                defaultChecked={v.rfcConformance.includes(token)}
              />{" "}
              {token}
            </label>
          ))}
        </div>
        {rfcFindings?.element}
      </fieldset>
      <FormField
        id="listing-disclosure-es"
        label={words.disclosureEs}
        hint={words.disclosureHint}
        className="registry-field"
        findings={fieldFindings("disclosure.es")}
      >
        {(control) => (
          <textarea
            {...control}
            name="disclosureEs"
            lang="es"
            rows={3}
            defaultValue={v.disclosureEs}
            maxLength={2000}
          />
        )}
      </FormField>
      <FormField
        id="listing-disclosure-en"
        label={words.disclosureEn}
        hint={words.disclosureHint}
        className="registry-field"
        findings={fieldFindings("disclosure.en")}
      >
        {(control) => (
          <textarea
            {...control}
            name="disclosureEn"
            lang="en"
            rows={3}
            defaultValue={v.disclosureEn}
            maxLength={2000}
          />
        )}
      </FormField>
    </>
  );
}
