import type { ReactNode } from "react";

/**
 * Horizontal scroll container for wide content (tables, rows of status pills): on narrow screens it
 * scrolls instead of being clipped. It is focusable so keyboard users can scroll it, and therefore a
 * labelled region.
 */
export function ScrollArea({ children, label }: { children: ReactNode; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="scroll-area" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
