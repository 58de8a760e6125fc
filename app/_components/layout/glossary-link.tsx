import type { GlossaryMessages, GlossaryTerm } from "@/app/(pages)/glosario/words";
import { fill } from "@/lib/i18n/template";

/**
 * "What is HMAC?": a link to the word's entry in the glossary, placed where a page first uses it.
 * `t` is the glossary's messages in the page's language (plain strings: client parts can take it).
 */
export function GlossaryLink({
  term,
  words,
}: {
  term: GlossaryTerm;
  words: Pick<GlossaryMessages, "linkLabel" | "terms">;
}) {
  return (
    <a className="glossary-link" href={`/glosario#${term}`}>
      {fill(words.linkLabel, { term: words.terms[term].term })}
    </a>
  );
}

/** One line of glossary links for the words a page is about, after its lead. */
export function GlossaryLinks({
  terms,
  words,
}: {
  terms: GlossaryTerm[];
  words: Pick<GlossaryMessages, "linkLabel" | "terms">;
}) {
  return (
    <p className="glossary-links">
      {terms.map((term, i) => (
        <span key={term}>
          {i > 0 ? " · " : null}
          <GlossaryLink term={term} words={words} />
        </span>
      ))}
    </p>
  );
}
