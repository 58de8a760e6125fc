import { fill } from "@/lib/i18n/template";
import type { InitialLog, LiveMessages } from "./live-model";

/** Where the shown entries sit in a log longer than one view, and links to the other views. */
export function WindowNav({
  words,
  window,
  shown,
}: {
  words: LiveMessages["timeline"];
  window: InitialLog["window"];
  shown: number;
}) {
  const { first, size, newest } = window;
  const total = Math.max(window.total, first + shown);
  return (
    <nav className="timeline-window" aria-label={words.title}>
      <p>{fill(words.window, { first, last: first + shown - 1, total })}</p>
      <ul>
        {first > 0 ? (
          <li>
            <a href={`?after=${Math.max(-1, first - 1 - size)}`} rel="prev">
              {words.older}
            </a>
          </li>
        ) : null}
        {newest ? null : (
          <>
            <li>
              <a href={`?after=${first - 1 + size}`} rel="next">
                {words.newer}
              </a>
            </li>
            <li>
              <a href="?">{words.newest}</a>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
