import { describe, expect, it } from "vitest";
import { CLIENT_TARBALL_PATH } from "@/lib/client-package/client-package-name";
import { ANSWER_WARNING_CODES, answerWarnings } from "@/lib/incorporation/answer-warnings";
import { isLocalOrigin, pinnedClientTarball } from "@/lib/incorporation/local-origin";

describe("an incorporation answer's warnings", () => {
  it("take this machine and private networks for local origins, and public names and addresses for not", () => {
    for (const origin of [
      "http://localhost:3000",
      "http://app.localhost",
      "http://127.0.0.1:3000",
      "http://127.8.9.10",
      "http://[::1]:3000",
      "http://10.0.0.7",
      "http://192.168.1.20:8080",
      "http://0.0.0.0:3000",
    ]) {
      expect(isLocalOrigin(origin), origin).toBe(true);
    }
    for (const origin of ["https://registro.example", "https://localhost.example.com", "http://200.45.1.1"]) {
      expect(isLocalOrigin(origin), origin).toBe(false);
    }
  });

  it("pin the tarball only at a public PUBLIC_BASE_URL", () => {
    expect(pinnedClientTarball("https://registro.example/")).toBe(`https://registro.example${CLIENT_TARBALL_PATH}`);
    expect(pinnedClientTarball(undefined)).toBeNull();
    expect(pinnedClientTarball("http://127.0.0.1:3000")).toBeNull();
  });

  it("say so in both languages for a local origin, and nothing for a public one with its tarball", () => {
    const local = answerWarnings("http://127.0.0.1:3000", null);
    expect(local.map((w) => w.code)).toEqual(["local_origin", "client_package_by_name"]);
    for (const w of local) {
      expect(w.message.es).toContain("http://127.0.0.1:3000");
      expect(w.message.en).toContain("http://127.0.0.1:3000");
      expect(w.message.es).not.toBe(w.message.en);
    }
    expect(local[1]?.message.en).toContain(`http://127.0.0.1:3000${CLIENT_TARBALL_PATH}`);
    expect(answerWarnings("https://registro.example", `https://registro.example${CLIENT_TARBALL_PATH}`)).toEqual([]);
    // A public origin whose configuration names no public tarball: the package goes by name.
    expect(answerWarnings("https://registro.example", null).map((w) => w.code)).toEqual(["client_package_by_name"]);
  });

  it("are each documented in docs/incorporation.md", async () => {
    const fs = await import("node:fs");
    const doc = fs.readFileSync(new URL("../../docs/incorporation.md", import.meta.url), "utf8");
    for (const code of Object.keys(ANSWER_WARNING_CODES)) expect(doc).toContain(`\`${code}\``);
  });
});
