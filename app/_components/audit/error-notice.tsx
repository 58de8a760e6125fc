import type { Lang } from "@/lib/i18n";
import type { RequestFailure } from "./request-failure";

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
}: {
  failure: RequestFailure;
  lang: Lang;
  detailLabel: string;
  retryLabel: string;
  onRetry?: () => void;
  retryHref?: string;
}) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{failure.message}</p>
      {failure.detail ? (
        <p className="notice-detail">
          {detailLabel} <span lang={lang === "en" ? undefined : "en"}>{failure.detail}</span>
        </p>
      ) : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
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
