"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
}

function isCurrent(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The only client piece of the shell: it marks the current page (aria-current) and follows
 * client-side navigations, which a server-rendered layout does not re-render for.
 */
export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label={label} className="site-nav">
      <ul>
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
