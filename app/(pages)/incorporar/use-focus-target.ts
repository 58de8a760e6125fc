"use client";

import { useEffect, useRef, useState } from "react";

type Target = "summary" | "result" | "form";

/** Moves focus to the error summary, the result's heading or the form's title after the render that shows it. */
export function useFocusTarget() {
  const [target, setTarget] = useState<{ to: Target; tick: number } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const formTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!target) return;
    const el =
      target.to === "summary" ? summaryRef.current : target.to === "result" ? resultRef.current : formTitleRef.current;
    el?.focus();
  }, [target]);

  // The tick makes a second request for the same target move focus again.
  const focus = (to: Target) => setTarget({ to, tick: Date.now() });
  return { summaryRef, resultRef, formTitleRef, focus };
}
