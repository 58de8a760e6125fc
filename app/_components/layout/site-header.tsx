import Link from "next/link";
import { Fragment } from "react";
import type { Dictionary } from "@/app/_i18n/dictionary";
import type { Lang } from "@/lib/i18n";
import { LangToggle } from "./lang-toggle";
import { type NavItem, NavLinks } from "./nav-links";

/** Every human-facing page of the service; keep in step with SPEC.md section 1. */
export function navItems(d: Dictionary): NavItem[] {
  return [
    { href: "/", label: d.nav.home },
    { href: "/play", label: d.nav.play },
    { href: "/incorporar", label: d.nav.incorporate },
    { href: "/registro", label: d.nav.registry },
    { href: "/verify", label: d.nav.verify },
    { href: "/log", label: d.nav.log },
    { href: "/test-vectors", label: d.nav.testVectors },
  ];
}

export function SiteHeader({ lang, dictionary }: { lang: Lang; dictionary: Dictionary }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" prefetch={false} className="brand" aria-label={dictionary.site.homeLink}>
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect x="1" y="1" width="30" height="30" rx="7" fill="currentColor" />
            <path
              d="M9 16.5l4.5 4.5L23 11.5"
              fill="none"
              stroke="var(--bg)"
              strokeWidth="3.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>
            {/* A hyphenated word stays whole: "Sociedades-" never ends a line above "IA". */}
            {dictionary.site.name.split(" ").map((word, i) => (
              <Fragment key={word}>
                {i > 0 ? " " : null}
                {word.includes("-") ? <span className="nowrap">{word}</span> : word}
              </Fragment>
            ))}
          </span>
        </Link>
        <NavLinks items={navItems(dictionary)} label={dictionary.nav.label} menuLabel={dictionary.nav.menu} />
        <LangToggle lang={lang} dictionary={dictionary} />
      </div>
    </header>
  );
}
