// Prints fresh production secrets for the audit log as env lines:
//   npm run keys >> .env.production.local   (or paste them into the hosting platform)
import { generateKeyPairSync, randomBytes } from "node:crypto";

const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
console.log(`AUDIT_HMAC_SECRET=${randomBytes(32).toString("hex")}`);
console.log(`AUDIT_HMAC_KID=k${new Date().toISOString().slice(0, 10).replaceAll("-", "")}`);
console.log(`AUDIT_SIGNING_KEY='${JSON.stringify(jwk)}'`);
