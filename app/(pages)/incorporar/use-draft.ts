"use client";

import { useEffect, useRef, useState } from "react";
import { readSessionFragment } from "./session-fragment";
import { DRAFT_KEY, EMPTY, type Values } from "./wizard-model";

/**
 * The form's values, kept for this tab (never the token) so that switching language or reloading
 * loses nothing, and joined to the session a visitor brings from /play.
 */
export function useDraft() {
  const [values, setValues] = useState<Values>(EMPTY);
  const restored = useRef(false);

  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(DRAFT_KEY);
      if (saved) setValues({ ...EMPTY, ...(JSON.parse(saved) as Partial<Values>), sessionToken: "" });
    } catch {
      /* storage refused or a stale draft: start empty */
    }
    // Arriving from /play's "add an incorporation to this session": take its session, then drop the
    // token from the address bar so it is not bookmarked or shared with the page's address.
    const chained = readSessionFragment(window.location.hash);
    if (chained) {
      setValues((v) => ({ ...v, chain: true, sessionId: chained.sessionId, sessionToken: chained.token }));
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    restored.current = true;
  }, []);
  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...values, sessionToken: "" }));
    } catch {
      /* storage refused: nothing to keep */
    }
  }, [values]);

  return [values, setValues] as const;
}
