import { fromBase64, toBase64 } from "./bytes.ts";
import { TlogError } from "./errors.ts";

/** One signature line of a note: `— <name> base64(keyId || signature)`. */
export interface NoteSignature {
  name: string;
  /** The 32-bit key ID, as an unsigned integer. */
  keyId: number;
  /** The signature bytes after the key ID. */
  signature: Uint8Array;
}

/** A signed note split into its text (with its final newline) and its signature lines. */
export interface Note {
  text: string;
  signatures: NoteSignature[];
}

/** A key that can check signatures of one (name, key ID): see `verifierFromKey`. */
export interface NoteVerifier {
  name: string;
  keyId: number;
  verify(text: string, signature: Uint8Array): Promise<boolean>;
}

/** A key that signs note texts: see `signerFromKey`. */
export interface NoteSigner {
  name: string;
  keyId: number;
  sign(text: string): Promise<Uint8Array>;
}

/** The result of {@link verifyNote}: the text, and which signatures verified. */
export interface VerifiedNote extends Note {
  /** Signatures by the given keys, each verified (one per key, even if the note repeats it). */
  verified: NoteSignature[];
}

/** Notes with more signatures than this are refused rather than checked one by one. */
export const MAX_NOTE_SIGNATURES = 100;

const EM_DASH = "\u2014";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Unicode spaces (JavaScript's \s misses U+0085) and the plus, which separates vkey parts.
const NOT_IN_NAME = /[\s\u0085+]/u;

/** Whether `s` has an ASCII control character (below U+0020) other than newline: the spec forbids them. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return true;
  }
  return false;
}

function malformed(why: string): TlogError {
  return new TlogError("malformed", `malformed note: ${why}`);
}

/** Whether `name` can name a key: non-empty, no Unicode spaces, no `+`. */
export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !NOT_IN_NAME.test(name) && !LONE_SURROGATE.test(name) && !hasControl(name);
}

function checkText(text: string): void {
  if (text.length === 0 || !text.endsWith("\n")) throw malformed("the text must end with a newline");
  if (LONE_SURROGATE.test(text)) throw malformed("the text is not valid UTF-8");
  if (hasControl(text)) throw malformed("the text contains a control character other than newline");
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw malformed("not valid UTF-8");
  }
}

/**
 * Parses a signed note (C2SP signed-note): text ending in a newline, a blank line, then one or
 * more signature lines. Checks the format only; {@link verifyNote} checks signatures.
 */
export function parseNote(message: string | Uint8Array): Note {
  const msg = typeof message === "string" ? message : decodeUtf8(message);
  // The text may hold blank lines of its own: the last blank line separates it from the signatures.
  const split = msg.lastIndexOf("\n\n");
  if (split < 0) throw malformed("no blank line before the signatures");
  const text = msg.slice(0, split + 1);
  checkText(text);
  const block = msg.slice(split + 2);
  if (block.length === 0) throw malformed("no signature lines");
  if (!block.endsWith("\n")) throw malformed("the signatures must end with a newline");
  const lines = block.slice(0, -1).split("\n");
  if (lines.length > MAX_NOTE_SIGNATURES) throw malformed(`more than ${MAX_NOTE_SIGNATURES} signatures`);
  const signatures = lines.map((line, i) => {
    if (hasControl(line) || LONE_SURROGATE.test(line))
      throw malformed(`signature line ${i + 1} has a control character`);
    const parts = line.split(" ");
    if (parts.length !== 3 || parts[0] !== EM_DASH) {
      throw malformed(`signature line ${i + 1} is not "${EM_DASH} <name> <base64>"`);
    }
    const [, name, b64] = parts as [string, string, string];
    if (!isValidKeyName(name)) throw malformed(`signature line ${i + 1} has an invalid key name`);
    const bytes = fromBase64(b64);
    if (bytes === null || bytes.length < 5) {
      throw malformed(`signature line ${i + 1} is not base64 of a key ID and a signature`);
    }
    const keyId = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
    return { name, keyId, signature: bytes.slice(4) };
  });
  return { text, signatures };
}

/** The note as text: its text, a blank line, then its signature lines. */
export function formatNote(note: Note): string {
  checkText(note.text);
  if (note.signatures.length === 0) throw malformed("a note needs at least one signature");
  return `${note.text}\n${note.signatures.map(formatSignatureLine).join("")}`;
}

/** One signature line, `— <name> <base64(keyId || signature)>` and its newline. */
export function formatSignatureLine(sig: NoteSignature): string {
  if (!isValidKeyName(sig.name)) throw malformed(`invalid key name ${JSON.stringify(sig.name)}`);
  if (!Number.isInteger(sig.keyId) || sig.keyId < 0 || sig.keyId > 0xffffffff) {
    throw malformed(`key ID ${String(sig.keyId)} is not a 32-bit unsigned integer`);
  }
  const bytes = new Uint8Array(4 + sig.signature.length);
  new DataView(bytes.buffer).setUint32(0, sig.keyId);
  bytes.set(sig.signature, 4);
  return `${EM_DASH} ${sig.name} ${toBase64(bytes)}\n`;
}

const keyLabel = (name: string, keyId: number) => `${name}+${keyId.toString(16).padStart(8, "0")}`;

/**
 * Verifies a signed note under one or more trusted keys. Signatures by other keys are ignored, as
 * the spec requires (a checkpoint carries witnesses' cosignatures beside the log's). Throws
 * `TlogError` when the note is malformed, when a signature by a trusted key fails (the whole note
 * is then rejected), or when no trusted key signed it.
 */
export async function verifyNote(
  message: string | Uint8Array,
  verifiers: NoteVerifier | readonly NoteVerifier[],
): Promise<VerifiedNote> {
  const note = parseNote(message);
  const byKey = new Map<string, NoteVerifier>();
  for (const v of Array.isArray(verifiers) ? verifiers : [verifiers as NoteVerifier]) {
    const label = keyLabel(v.name, v.keyId);
    const known = byKey.get(label);
    if (known !== undefined && known !== v) {
      throw new TlogError("invalid_argument", `two verifier keys share the name and key ID ${label}`);
    }
    byKey.set(label, v);
  }
  const verified: NoteSignature[] = [];
  const seen = new Set<string>();
  for (const sig of note.signatures) {
    const label = keyLabel(sig.name, sig.keyId);
    const verifier = byKey.get(label);
    if (verifier === undefined) continue;
    if (!(await verifier.verify(note.text, sig.signature))) {
      throw new TlogError("verification_failed", `the signature of ${label} does not verify`);
    }
    if (!seen.has(label)) verified.push(sig);
    seen.add(label);
  }
  if (verified.length === 0) throw new TlogError("unverified", "no signature of a trusted key is on the note");
  return { ...note, verified };
}

/**
 * Signs a note text with one or more signers and returns the signed note. Signature lines of
 * `existing` (a note's other signatures) are kept after the new ones, except those by the same keys.
 */
export async function signNote(
  text: string,
  signers: NoteSigner | readonly NoteSigner[],
  existing: readonly NoteSignature[] = [],
): Promise<string> {
  checkText(text);
  const list = Array.isArray(signers) ? signers : [signers as NoteSigner];
  const mine = new Set(list.map((s) => keyLabel(s.name, s.keyId)));
  const signatures: NoteSignature[] = [];
  for (const s of list) signatures.push({ name: s.name, keyId: s.keyId, signature: await s.sign(text) });
  signatures.push(...existing.filter((sig) => !mine.has(keyLabel(sig.name, sig.keyId))));
  if (signatures.length > MAX_NOTE_SIGNATURES) throw malformed(`more than ${MAX_NOTE_SIGNATURES} signatures`);
  return formatNote({ text, signatures });
}
