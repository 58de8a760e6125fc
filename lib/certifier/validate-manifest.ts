import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import manifestSchema from "../../schemas/agents.v1.json";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(manifestSchema);

/** Validates a discovery manifest against schemas/agents.v1.json; returns readable errors (empty when valid). */
export function validateManifest(manifest: unknown): string[] {
  if (validate(manifest)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}
