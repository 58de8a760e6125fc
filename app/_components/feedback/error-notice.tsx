import type { Lang } from "@/lib/i18n";
import type { RequestFailure } from "./request-failure";

/**
 * Text in English shown on a page in `lang`, after its label (e.g. the server's detail, a browser's
 * message): marked lang="en" on the Spanish page so it is read with English pronunciation. Inline,
 * to go inside the paragraph that holds it.
 */
export function EnglishDetail({ label, text, lang }: { label: string; text: string; lang: Lang }) {
  return (
    <>
      {label} <span lang={lang === "en" ? undefined : "en"}>{text}</span>
    </>
  );
}

/**
 * A failure stated in the page's language with a way to try again: a button in interactive parts,
 * a link (the same address) in server-rendered ones. The server's own detail, written in English,
 * is marked as such.
 */
export function ErrorNotice({
  failure,
  lang,
  detailLabel,
  retryLabel,
  onRetry,
  retryHref,
  retryDisabled = false,
  className = "notice notice-error",
}: {
  failure: RequestFailure;
  lang: Lang;
  detailLabel: string;
  /** The button's or link's text: trying again, or the page's other way on (e.g. starting over). */
  retryLabel: string;
  onRetry?: () => void;
  retryHref?: string;
  /** The button cannot be used yet (e.g. while a wait asked for by the server runs). */
  retryDisabled?: boolean;
  /** The box's classes, for a page that styles its notice its own way. */
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{failure.message}</p>
      {failure.detail ? (
        <p className="notice-detail">
          <EnglishDetail label={detailLabel} text={failure.detail} lang={lang} />
        </p>
      ) : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry} disabled={retryDisabled}>
          {retryLabel}
        </button>
      ) : retryHref ? (
        <a className="button" href={retryHref}>
          {retryLabel}
        </a>
      ) : null}
    </div>
  );
}
