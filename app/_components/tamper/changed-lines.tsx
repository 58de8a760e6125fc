import type { ReactNode } from "react";

/**
 * `text` line by line, with each line that does not appear in `other` marked: laid beside each
 * other, the original and the altered copy of an entry show exactly which values changed.
 */
export function ChangedLines({ text, other }: { text: string; other: string | null }): ReactNode {
  if (other === null) return text;
  const theirs = new Set(other.split("\n"));
  const lines = text.split("\n");
  return lines.map((line, i) => {
    const end = i < lines.length - 1 ? "\n" : "";
    // Index keys: the lines are a fixed rendering of one value, never reordered.
    return theirs.has(line) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <span key={i}>{line + end}</span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <mark key={i} className="changed-line" data-changed-line>
        {line}
        {end}
      </mark>
    );
  });
}
