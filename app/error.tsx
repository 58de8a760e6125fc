"use client";

import { useEffect, useRef, useState } from "react";
import { ERROR_PAGE } from "./_i18n/error-page-words";

/**
 * What a page shows when rendering it failed unexpectedly, instead of Next's bare English message:
 * in the page's language (the root layout set it on <html>), with a way to try again and a way out.
 */
export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  const [lang, setLang] = useState<"es" | "en">("es");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setLang(document.documentElement.lang === "en" ? "en" : "es");
    heading.current?.focus();
  }, []);
  const t = ERROR_PAGE[lang];
  return (
    <div className="page narrow">
      <h1 ref={heading} tabIndex={-1}>
        {t.title}
      </h1>
      <p role="alert">{t.body}</p>
      <p>{t.next}</p>
      <p>
        {/* A full reload asks the server again, which a re-render of this boundary would not. */}
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t.retry}
        </button>{" "}
        <a className="button" href="/">
          {t.home}
        </a>
      </p>
      {error.digest ? (
        <p>
          {t.reference}: <code translate="no">{error.digest}</code>
        </p>
      ) : null}
    </div>
  );
}
