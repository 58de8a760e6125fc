import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir";

// Registered before each file's own hooks, so it runs after them: its servers are stopped and its
// stores closed by then.
afterAll(removeTempDirs);
