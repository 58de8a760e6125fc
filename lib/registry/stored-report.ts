import { hash } from "node:crypto";

/** Where a record's last certification report is kept. */
export const reportKey = (id: string) => `registry:report:${id}`;

/** `sha256:` + hex of a report as stored: the record's sealed entry names it, binding the report to it. */
export const reportHashOf = (raw: string): string => `sha256:${hash("sha256", raw, "hex")}`;
