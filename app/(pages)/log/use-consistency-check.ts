"use client";

import { type FormEvent, useState } from "react";
import type { TransparencyLogMessages } from "@/app/(pages)/log/words";
import { fill } from "@/lib/i18n/template";
import { type ConsistencyOutcome, checkConsistency } from "./check-consistency";

export type Messages = TransparencyLogMessages["consistency"];
type Field = "from" | "to";

/** A size the person typed, or what is wrong with it; only whole numbers 1..max pass. */
function readSize(text: string, max: number, required: string, t: Messages): number | string {
  const value = text.trim();
  if (value === "") return required;
  if (!/^[0-9]+$/.test(value)) return t.errors.notInteger;
  const n = Number(value);
  if (n < 1) return t.errors.tooSmall;
  if (n > max) return fill(t.errors.tooLarge, { max });
  return n;
}

/**
 * The consistency check's state: the two sizes, checked here first so that a bad one is named under
 * its field and nothing is fetched, then the check itself (check-consistency.ts) and its outcome.
 */
export function useConsistencyCheck({ words, vkey, size }: { words: Messages; vkey: string; size: number }) {
  const [values, setValues] = useState<Record<Field, string>>({
    from: size > 1 ? String(Math.max(1, Math.floor(size / 2))) : "",
    to: size > 0 ? String(size) : "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ConsistencyOutcome | null>(null);

  async function run() {
    const from = readSize(values.from, size, words.errors.fromRequired, words);
    const to = readSize(values.to, size, words.errors.toRequired, words);
    const found: Partial<Record<Field, string>> = {};
    if (typeof from === "string") found.from = from;
    if (typeof to === "string") found.to = to;
    if (typeof from === "number" && typeof to === "number" && to < from) found.to = words.errors.order;
    setErrors(found);
    if (typeof from === "string" || typeof to === "string" || found.to) {
      setOutcome(null);
      return;
    }
    if (!globalThis.crypto?.subtle) {
      setOutcome({ kind: "failed", failure: { kind: "noWebCrypto" } });
      return;
    }
    setBusy(true);
    try {
      setOutcome(await checkConsistency(vkey, from, to));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run();
  }

  const change = (name: Field, text: string) => setValues((v) => ({ ...v, [name]: text }));

  return { values, errors, busy, outcome, run, onSubmit, change };
}
