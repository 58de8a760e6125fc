import type { Metadata } from "next";
import { getDictionary } from "@/app/_i18n/get-lang";
import type { GlossaryTerm } from "@/app/(pages)/glosario/words";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.glossary.title };
}

/** The technical words of the site, each under its own anchor (GlossaryLink points at them). */
export default async function GlossaryPage() {
  const { d } = await getDictionary();
  const t = d.glossary;
  const terms = Object.entries(t.terms) as [GlossaryTerm, { term: string; text: string }][];
  return (
    <div className="page glossary-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <dl className="glossary">
        {terms.map(([id, { term, text }]) => (
          <div key={id} id={id} className="glossary-entry">
            <dt>
              <a href={`#${id}`}>{term}</a>
            </dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
