#!/usr/bin/env node
// The package's command (`incorporate monitor <url>`). The logic lives in src/monitor-cli.ts, free of
// Node APIs; this file only lends it Node's files and streams.
import { readFile, rename, writeFile } from "node:fs/promises";
import { runCli } from "../dist/monitor-cli.js";

const io = {
  async readFile(path) {
    try {
      return await readFile(path, "utf8");
    } catch (err) {
      if (err?.code === "ENOENT") return null;
      throw err;
    }
  },
  // Write beside, then rename: a crash mid-write never leaves a torn state file.
  async writeFile(path, text) {
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, path);
  },
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

process.exitCode = await runCli(process.argv.slice(2), io);
