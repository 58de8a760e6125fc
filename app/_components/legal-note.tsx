import type { Dictionary } from "@/app/_i18n/dictionary";

/**
 * The site's one legal note: a single line under the header of every page, its details in the
 * footer. Said once per page, it is read; repeated in every section, it was skipped.
 */
export function LegalNote({ d }: { d: Dictionary }) {
  return (
    <aside className="legal-note" aria-label={d.legal.label}>
      <p>
        <span className="legal-note-tag">{d.legal.tag}</span> {d.legal.short}{" "}
        <a href="#aviso-legal">{d.legal.details}</a>
      </p>
    </aside>
  );
}
