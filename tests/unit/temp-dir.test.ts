import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "../support/temp-dir";

describe("tempDir", () => {
  it("makes a new directory under the system's temporary directory, and removes it with its contents", () => {
    const a = tempDir("sia-temp-dir-test-");
    const b = tempDir("sia-temp-dir-test-");
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(os.tmpdir());
    fs.mkdirSync(path.join(a, "nested"));
    fs.writeFileSync(path.join(a, "nested", "store.log"), "x");
    removeTempDirs();
    expect(fs.existsSync(a)).toBe(false);
    expect(fs.existsSync(b)).toBe(false);
  });

  it("leaves alone a directory it did not make, and one already gone", () => {
    const mine = fs.mkdtempSync(path.join(os.tmpdir(), "sia-temp-dir-other-"));
    const gone = tempDir("sia-temp-dir-test-");
    fs.rmSync(gone, { recursive: true });
    expect(() => removeTempDirs()).not.toThrow();
    expect(fs.existsSync(mine)).toBe(true);
    fs.rmSync(mine, { recursive: true });
  });
});
