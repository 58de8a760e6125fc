import type { Metadata } from "next";
import { getDictionary } from "@/app/_i18n/get-lang";
import { JURISDICTIONS, LISTABLE_TYPES, RFC_TOKENS } from "@/lib/registry/record-schema";
import { SelfListingForm } from "../self-listing-form";
import "../registro.css";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.registry.newListing.title };
}

/** The self-listing form on a page of its own, not under the whole directory. */
export default async function NewListingPage() {
  const { lang, d } = await getDictionary();
  const t = d.registry;
  return (
    <div className="page registry-page">
      <p className="registry-back">
        <a href="/registro">{t.newListing.back}</a>
      </p>
      <h1>{t.newListing.title}</h1>
      <p className="lead">{t.form.intro}</p>
      <p className="notice">{t.newListing.incorporated}</p>
      <SelfListingForm
        words={t.form}
        certify={t.certify}
        lang={lang}
        findingMessages={t.findings}
        errorMessages={t.errors}
        formingWords={{ text: t.newListing.formingExists, link: t.newListing.formingLink }}
        types={LISTABLE_TYPES.map((value) => ({ value, label: t.types[value] }))}
        jurisdictions={JURISDICTIONS.map((value) => ({ value, label: t.jurisdictions[value] }))}
        rfcTokens={[...RFC_TOKENS]}
      />
    </div>
  );
}
