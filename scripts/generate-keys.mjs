// Prints fresh production secrets for the audit log and the transparency log as env lines:
//   npm run keys -- registro.example/log [witness.example/w1] >> .env.production.local   (or paste them into the platform)
// The first argument is the transparency log's origin (TLOG_ORIGIN, or PUBLIC_BASE_URL's host with
// /log), which names its key. The second, optional, names a witness key for the built-in witness.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";

const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
console.log(`AUDIT_HMAC_SECRET=${randomBytes(32).toString("hex")}`);
console.log(`AUDIT_HMAC_KID=k${new Date().toISOString().slice(0, 10).replaceAll("-", "")}`);
console.log(`AUDIT_SIGNING_KEY='${JSON.stringify(jwk)}'`);

const origin = process.argv[2] ?? process.env.TLOG_ORIGIN;
if (!origin || /[\s+]/.test(origin)) {
  console.log("# TLOG_SIGNING_KEY: run again with the log's origin, e.g. npm run keys -- registro.example/log");
} else {
  console.log(`TLOG_SIGNING_KEY=${signerKey(origin, 1).skey}`);
}

const witness = process.argv[3];
if (witness && !/[\s+]/.test(witness)) {
  // Cosignature/v1 keys (c2sp.org/tlog-cosignature) use type 0x04 in the key id and the vkey.
  const { skey, vkey } = signerKey(witness, 4);
  console.log(`WITNESS_SIGNING_KEY=${skey}`);
  console.log(`# The witness's vkey, for the logs that name it in TLOG_WITNESSES: ${vkey}`);
}

/**
 * A C2SP signed-note style Ed25519 key of `type`: the key id is the first 4 bytes of
 * SHA-256(name \n type public key).
 */
function signerKey(name, type) {
  const seed = randomBytes(32);
  const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const pub = createPublicKey(createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }))
    .export({ format: "der", type: "spki" })
    .subarray(-32);
  const keyed = Buffer.concat([Buffer.from([type]), pub]);
  const id = createHash("sha256")
    .update(Buffer.concat([Buffer.from(`${name}\n`), keyed]))
    .digest()
    .subarray(0, 4)
    .toString("hex");
  return {
    skey: `PRIVATE+KEY+${name}+${id}+${Buffer.concat([Buffer.from([type]), seed]).toString("base64")}`,
    vkey: `${name}+${id}+${keyed.toString("base64")}`,
  };
}
