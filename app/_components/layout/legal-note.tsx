import type { Dictionary } from "@/app/_i18n/dictionary";

/**
 * The site's one legal note: a single line under the header of every page, its details in the
 * footer. Said once per page, it is read; repeated in every section, it was skipped.
 */
export function LegalNote({ dictionary }: { dictionary: Dictionary }) {
  return (
    <aside className="legal-note" aria-label={dictionary.legal.label}>
      <p>
        <span className="legal-note-tag">{dictionary.legal.tag}</span> {dictionary.legal.short}{" "}
        <a href="#aviso-legal">{dictionary.legal.details}</a>
      </p>
    </aside>
  );
}
