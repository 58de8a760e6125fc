"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

export interface NavItem {
  href: string;
  label: string;
}

function isCurrent(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The only client piece of the shell: it marks the current page (aria-current), follows client-side
 * navigations, which a server-rendered layout does not re-render for, and on narrow screens folds
 * the links behind a menu button so the header stays one row high.
 */
export function NavLinks({ items, label, menuLabel }: { items: NavItem[]; label: string; menuLabel: string }) {
  const pathname = usePathname() ?? "";
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // A followed link closes the menu: the next page starts with the header folded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav
      aria-label={label}
      className="site-nav"
      data-open={open}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d={open ? "M5 5l10 10M15 5L5 15" : "M3 6h14M3 10h14M3 14h14"} />
        </svg>
        <span className="menu-button-label">{menuLabel}</span>
      </button>
      <ul id={listId} className="site-nav-list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              // Every route is dynamic (it reads the language cookie): a prefetch would cost a server
              // render per link on every page view and save little.
              prefetch={false}
              aria-current={isCurrent(pathname, item.href) ? "page" : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
