/**
 * Verification core of a C2SP transparency log: RFC 6962 Merkle hashing and proofs, tlog-tiles,
 * signed notes and checkpoints. Pure TypeScript and WebCrypto: Node 20+, browsers, edge runtimes.
 */
export { concatBytes, equalBytes, fromBase64, toBase64, toHex } from "./bytes.ts";
export { type Checkpoint, formatCheckpoint, openCheckpoint, parseCheckpoint } from "./checkpoint.ts";
export {
  cosignatureMessage,
  cosignatureTimestamp,
  cosignatureVerifier,
  cosignerFromSeed,
} from "./cosignature.ts";
export { decodeEntryBundle, encodeEntryBundle, MAX_ENTRY_SIZE } from "./entry-bundle.ts";
export { TlogError, type TlogErrorCode } from "./errors.ts";
export { formatIndexNote, INDEX_NOTE_HEADER, type IndexNote, openIndexNote, parseIndexNote } from "./index-note.ts";
export { computeKeyId, KEY_TYPE_COSIGNATURE_V1, KEY_TYPE_ED25519, type VerifierKey } from "./key-id.ts";
export { type LeafSubject, leafSubject, nextIndexValue } from "./leaf-subject.ts";
export {
  decodeIndexNode,
  EMPTY_INDEX,
  encodeIndexNode,
  INDEX_ARITY,
  IndexBatch,
  type IndexLookup,
  type IndexNode,
  type IndexNodeReader,
  type IndexProof,
  type IndexTerminal,
  type IndexTop,
  type IndexUpdate,
  type IndexValue,
  keyDigit,
  lookupIndex,
  MemoryIndex,
  nodeHashOf,
  subjectKeyHash,
  updateIndex,
  verifyIndexProof,
  type WrittenNode,
} from "./log-index.ts";
export { MemoryTree } from "./memory-tree.ts";
export {
  appendStoredHashes,
  type Coord,
  consistencyProofCoords,
  consistencyProofFromStored,
  coordKey,
  type HashLookup,
  inclusionProofCoords,
  inclusionProofFromStored,
  rootCoords,
  rootFromStored,
  type StoredHash,
} from "./merkle-coords.ts";
export { emptyRoot, HASH_SIZE, leafHash, nodeHash } from "./merkle-hash.ts";
export { verifyConsistency, verifyInclusion } from "./merkle-verify.ts";
export { checkLog, type MonitorOptions, type MonitorResult, type MonitorState } from "./monitor.ts";
export {
  formatNote,
  formatSignatureLine,
  isValidKeyName,
  MAX_NOTE_SIGNATURES,
  type Note,
  type NoteSignature,
  type NoteSigner,
  type NoteVerifier,
  parseNote,
  signNote,
  type VerifiedNote,
  verifyNote,
} from "./note.ts";
export {
  formatSignerKey,
  formatVerifierKey,
  generateNoteKey,
  parseVerifierKey,
  signerFromKey,
  verifierFromKey,
} from "./note-keys.ts";
export {
  checkWitnessPolicy,
  openCheckpointWithPolicy,
  type PolicyResult,
  parseWitnessPolicy,
  type WitnessPolicy,
} from "./policy.ts";
export {
  checkSessionLeaves,
  type LogLeaf,
  readLeaves,
  type SessionLeavesResult,
  type SessionSeqs,
} from "./session-leaves.ts";
export { type Hasher, sha256 } from "./sha256.ts";
export { type BundleFetcher, readEntriesFromTiles } from "./tile-entries.ts";
export {
  type BundleRef,
  bundlePath,
  type ParsedTilePath,
  parseTilePath,
  TILE_HEIGHT,
  TILE_WIDTH,
  type Tile,
  tilePath,
} from "./tile-path.ts";
export {
  consistencyProofFromTiles,
  inclusionProofFromTiles,
  storedHashesFromTiles,
  type TileFetcher,
  type TreeHead,
  verifyTreeFromTiles,
} from "./tile-verify.ts";
export { tileCoords, tileFromStored, tileHashes, tilesForSize, tileWidth } from "./tiles.ts";
export {
  type AddCheckpointRequest,
  addCosignatures,
  formatAddCheckpoint,
  MAX_WITNESS_PROOF_LINES,
  parseAddCheckpoint,
} from "./witness.ts";
export { checkWitnessViews, type WitnessView } from "./witness-views.ts";
