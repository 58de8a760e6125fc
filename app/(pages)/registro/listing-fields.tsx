import { FormField } from "@/app/_components/forms/form-field";
import type { ListingWords, Option } from "./listing-form-model";
import type { SelfListing } from "./use-self-listing";

/** Who the sociedad-IA is: name, type, jurisdiction, operator, CUIT and public address. */
export function ListingFields({
  listing,
  words,
  types,
  jurisdictions,
}: {
  listing: SelfListing;
  words: ListingWords;
  types: Option[];
  jurisdictions: Option[];
}) {
  const v = listing.state.values;
  const { fieldFindings } = listing;
  // After an action React resets the form to each control's default. It updates an input's default
  // from defaultValue, but not a select's (react/react#32362): the selects are keyed on what the
  // action returned, so they are created anew with it as their default.
  return (
    <>
      <FormField id="listing-name" label={words.name} className="registry-field" findings={fieldFindings("name")}>
        {(control) => (
          <input {...control} name="name" defaultValue={v.name} maxLength={120} autoComplete="organization" />
        )}
      </FormField>
      <div className="registry-field-row">
        <FormField id="listing-type" label={words.type} className="registry-field" findings={fieldFindings("type")}>
          {(control) => (
            <select {...control} key={v.type} name="type" defaultValue={v.type}>
              {types.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="listing-jurisdiction"
          label={words.jurisdiction}
          className="registry-field"
          findings={fieldFindings("jurisdiction")}
        >
          {(control) => (
            <select {...control} key={v.jurisdiction} name="jurisdiction" defaultValue={v.jurisdiction}>
              {jurisdictions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField
        id="listing-operator"
        label={words.operator}
        hint={words.operatorHint}
        className="registry-field"
        findings={fieldFindings("operator")}
      >
        {(control) => <input {...control} name="operator" defaultValue={v.operator} maxLength={200} />}
      </FormField>
      <FormField
        id="listing-cuit"
        label={words.operatorCuit}
        hint={words.operatorCuitHint}
        className="registry-field"
        findings={fieldFindings("operatorCuit")}
      >
        {(control) => (
          <input
            {...control}
            name="operatorCuit"
            defaultValue={v.operatorCuit}
            inputMode="numeric"
            placeholder="30-12345678-1"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField
        id="listing-url"
        label={words.publicUrl}
        hint={words.publicUrlHint}
        className="registry-field"
        findings={fieldFindings("publicUrl")}
      >
        {(control) => (
          <input
            {...control}
            name="publicUrl"
            type="url"
            defaultValue={v.publicUrl}
            placeholder="https://"
            autoComplete="url"
            spellCheck={false}
          />
        )}
      </FormField>
    </>
  );
}
