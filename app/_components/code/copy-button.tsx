"use client";

import { useState } from "react";

/**
 * Copies `text` to the clipboard and says so in a live region. Where the Clipboard API is refused
 * (plain http, permissions), it says how to copy by hand instead of failing silently.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedLabel,
}: {
  text: string;
  /** Accessible name, e.g. "Copy Markdown". */
  label: string;
  copiedLabel: string;
  failedLabel: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <span className="copy-button">
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {status === "copied" ? copiedLabel : status === "failed" ? failedLabel : ""}
      </span>
    </span>
  );
}
