import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { sampleFromSchema } from "../support/sample-from-schema";

// biome-ignore lint/suspicious/noExplicitAny: documents read from the server are walked freely.
type Json = Record<string, any>;

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

const getJson = async (url: string) => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return (await res.json()) as Json;
};

/** The incorporation operation as an agent finds it: a POST whose path or operationId names incorporation. */
function findIncorporation(doc: Json): { path: string; op: Json } | undefined {
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    const op = item.post;
    if (op && (/incorporat/i.test(path) || /incorporat/i.test(op.operationId ?? ""))) return { path, op };
  }
  return undefined;
}

describe("an agent crawling from /.well-known/agents.json alone", () => {
  it("reaches the OpenAPI description, picks the incorporation operation and incorporates", async (ctx) => {
    // The only hard-coded path: everything else comes from the documents.
    const manifest = await getJson(`${app.url}/.well-known/agents.json`);
    const doc = await getJson(manifest.discovery.openapi);
    expect(doc.openapi).toMatch(/^3\.1\./);

    const found = findIncorporation(doc);
    const listed = manifest.endpoints.some((e: Json) => e.method === "POST" && /incorporat/i.test(e.url));
    // The manifest and the description must agree on whether incorporation is offered.
    expect(listed).toBe(found !== undefined);
    if (!found) return ctx.skip("this deployment does not offer incorporation yet");

    const schema = found.op.requestBody.content["application/json"].schema;
    const body = sampleFromSchema(schema, doc);
    const res = await fetch(`${doc.servers[0].url}${found.path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Json;
    expect(res.status, JSON.stringify(answer)).toBeLessThan(300);
    expect(answer.ok).toBe(true);

    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, validateSchema: false });
    addFormats(ajv);
    ajv.addVocabulary(["openapi", "jsonSchemaDialect", "info", "servers", "tags", "paths", "components"]);
    ajv.addSchema(doc, "crawl:openapi");
    const at = ["paths", found.path, "post", "responses", String(res.status), "content", "application/json", "schema"];
    const pointer = at.map((s) => `/${encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("");
    const validate = ajv.compile({ $ref: `crawl:openapi#${pointer}` });
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
  });
});
