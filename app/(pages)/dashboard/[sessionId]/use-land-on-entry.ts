"use client";

import { useEffect, useRef } from "react";

/**
 * A link to one entry (#entry-{seq}, as /play's tool cards give) lands on its row. The browser
 * scrolls to and focuses rows that are in the server's HTML; this covers a row that arrives later
 * (the server could not read the log), unless the visitor has moved the focus meanwhile.
 */
export function useLandOnEntry(entries: unknown[]) {
  const landedOn = useRef<string | null>(null);
  useEffect(() => {
    const hash = window.location.hash;
    if (entries.length === 0 || !hash.startsWith("#entry-") || landedOn.current === hash) return;
    const row = document.getElementById(hash.slice(1));
    if (!row) return;
    landedOn.current = hash;
    if (document.activeElement === document.body) row.focus();
  }, [entries]);
}
