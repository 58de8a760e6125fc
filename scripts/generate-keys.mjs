// Prints fresh production secrets for the audit log and the transparency log as env lines:
//   npm run keys -- registro.example/log >> .env.production.local   (or paste them into the platform)
// The argument is the transparency log's origin (TLOG_ORIGIN, or PUBLIC_BASE_URL's host with /log),
// which names its key.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";

const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
console.log(`AUDIT_HMAC_SECRET=${randomBytes(32).toString("hex")}`);
console.log(`AUDIT_HMAC_KID=k${new Date().toISOString().slice(0, 10).replaceAll("-", "")}`);
console.log(`AUDIT_SIGNING_KEY='${JSON.stringify(jwk)}'`);

const origin = process.argv[2] ?? process.env.TLOG_ORIGIN;
if (!origin || /[\s+]/.test(origin)) {
  console.log("# TLOG_SIGNING_KEY: run again with the log's origin, e.g. npm run keys -- registro.example/log");
} else {
  // A C2SP signed-note Ed25519 key: the key id is the first 4 bytes of SHA-256(name \n 0x01 public key).
  const seed = randomBytes(32);
  const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const pub = createPublicKey(createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }))
    .export({ format: "der", type: "spki" })
    .subarray(-32);
  const id = createHash("sha256")
    .update(Buffer.concat([Buffer.from(`${origin}\n`), Buffer.from([1]), pub]))
    .digest()
    .subarray(0, 4)
    .toString("hex");
  console.log(
    `TLOG_SIGNING_KEY=PRIVATE+KEY+${origin}+${id}+${Buffer.concat([Buffer.from([1]), seed]).toString("base64")}`,
  );
}
