import type { ReactNode } from "react";

/**
 * Preformatted code that wraps long lines instead of overflowing, so nothing is cut off at 375 px.
 * Browser translators leave it alone. The optional caption names it for everyone (a label on a bare
 * <pre> would be ignored by assistive technology).
 */
export function CodeBlock({ children, caption }: { children: ReactNode; caption?: ReactNode }) {
  const pre = (
    <pre className="code-block" translate="no">
      <code>{children}</code>
    </pre>
  );
  if (!caption) return pre;
  return (
    <figure className="code-figure">
      <figcaption>{caption}</figcaption>
      {pre}
    </figure>
  );
}
