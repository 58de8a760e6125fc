import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";

/** How far above the visible bottom the composer may sit and still count as followed (px). */
const SLACK = 96;

/** Pixels at the bottom of the screen that a panel pinned there covers (the session panel on phones). */
function coveredBottom(pinned: HTMLElement | null): number {
  if (!pinned) return 0;
  const style = getComputedStyle(pinned);
  if (style.position !== "sticky" || style.bottom === "auto") return 0;
  const height = pinned.getBoundingClientRect().height;
  // An opened panel is read, not followed past.
  return height < window.innerHeight / 2 ? height : 0;
}

/** How far the page must scroll down (up, when negative) for `target`'s bottom edge to sit at the visible bottom. */
function distanceBelow(target: HTMLElement, pinned: HTMLElement | null): number {
  return target.getBoundingClientRect().bottom - (window.innerHeight - coveredBottom(pinned));
}

/**
 * Keeps `target` (the composer, under the latest reply) at the bottom of the screen while the
 * conversation grows, so the reply's newest lines sit right above it, unless the person scrolled up
 * away from it; scrolling back to it, or `follow()`, resumes. `version` changes with every piece of
 * the answer. (Left alone, the browser's scroll anchoring keeps the composer where it was and lets
 * the reply grow out of view above it.)
 */
export function useFollow(
  target: RefObject<HTMLElement | null>,
  pinned: RefObject<HTMLElement | null>,
  version: unknown,
) {
  const following = useRef(true);

  useEffect(() => {
    const onScroll = () => {
      if (target.current) following.current = distanceBelow(target.current, pinned.current) <= SLACK;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [target, pinned]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal that the conversation changed.
  useLayoutEffect(() => {
    if (!following.current || !target.current) return;
    const below = distanceBelow(target.current, pinned.current);
    if (Math.abs(below) > 1) window.scrollBy({ top: below, behavior: "instant" });
  }, [version, target, pinned]);

  return useCallback(() => {
    following.current = true;
  }, []);
}
