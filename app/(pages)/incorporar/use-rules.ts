"use client";

import { useCallback, useEffect, useState } from "react";
import { loadOnce } from "@/app/_client/load-once";
import type { validateIncorporation } from "@/lib/incorporation/validate";

/** The API's own incorporation rules (lib/incorporation/validate.ts), as the wizard runs them. */
export type Rules = typeof validateIncorporation;

// The rules parse with the request's zod schema, the largest part of the page's code: they load
// right after the page is interactive instead of with it. A failed load is tried again when asked.
const loadRules = loadOnce<Rules>(() =>
  import("@/lib/incorporation/validate").then((module) => module.validateIncorporation),
);

/** The rules once they are loaded (null until then), and a way to ask for them again. */
export function useRules(): { rules: Rules | null; load: () => Promise<Rules> } {
  const [rules, setRules] = useState<Rules | null>(null);
  const load = useCallback(
    () =>
      loadRules().then((fn) => {
        setRules(() => fn);
        return fn;
      }),
    [],
  );
  useEffect(() => {
    load().catch(() => {
      /* not loaded: a submission asks again and says so if it fails */
    });
  }, [load]);
  return { rules, load };
}
