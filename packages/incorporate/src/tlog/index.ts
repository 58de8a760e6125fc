/**
 * Verification core of a C2SP transparency log: RFC 6962 Merkle hashing and proofs, tlog-tiles,
 * signed notes and checkpoints. Pure TypeScript and WebCrypto: Node 20+, browsers, edge runtimes.
 */
export { TlogError, type TlogErrorCode } from "./errors.ts";
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
export { type Hasher, sha256 } from "./sha256.ts";
