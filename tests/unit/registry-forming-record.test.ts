import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiError } from "@/lib/http/problem";
import { claimFormingStub } from "@/lib/registry/claim-forming-stub";
import { createFormingStub } from "@/lib/registry/create-forming-stub";
import { createListing } from "@/lib/registry/create-listing";
import { getRegistryRecord } from "@/lib/registry/get-registry-record";
import { listRegistry } from "@/lib/registry/list-registry";
import { registryQuery } from "@/lib/registry/registry-query";
import { freshCuit, listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-forming-") });
});
afterAll(() => restore?.());

let serial = 0;
const session = () => `forming-test-${process.pid}-${++serial}-${Date.now()}`;
const allIds = async () => (await listRegistry(registryQuery({ limit: 100 }))).records.map((r) => r.id);

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isApiError(err)) throw new Error(`expected a problem, got ${String(err)}`);
  return err;
}

describe("the representative on the forming record", () => {
  it("shows the representative named at incorporation as the record's operator and CUIT", async () => {
    const cuit = freshCuit("20");
    const stub = await createFormingStub({
      sessionId: session(),
      denominacion: `Representada ${serial} SOCIEDAD-IA`,
      representative: { nombre: "  Ana   María Pérez ", cuit },
    });
    expect(stub.record).toMatchObject({ status: "forming", operator: "Ana María Pérez", operatorCuit: cuit });
    expect(await getRegistryRecord(stub.record.id)).toMatchObject({ operator: "Ana María Pérez", operatorCuit: cuit });
  });

  it("leaves the operator empty without a representative, and never copies hidden characters", async () => {
    const bare = await createFormingStub({ sessionId: session(), denominacion: `Sin Representante ${serial}` });
    expect(bare.record).toMatchObject({ operator: "-", operatorCuit: null });
    const hidden = await createFormingStub({
      sessionId: session(),
      denominacion: `Oculta ${serial}`,
      representative: { nombre: "Ana\u202ePérez", cuit: freshCuit("20") },
    });
    expect(hidden.record.operator).toBe("-");
  });

  it("lets the claim keep the representative, giving only the public URL", async () => {
    const cuit = freshCuit("27");
    const stub = await createFormingStub({
      sessionId: session(),
      denominacion: `Reclamo Simple ${serial}`,
      representative: { nombre: "Lucía Gómez", cuit },
    });
    const publicUrl = `https://reclamo-${serial}-${Date.now()}.example`;
    const claimed = await claimFormingStub(stub.record.id, stub.claimToken as string, { publicUrl });
    expect(claimed.record).toMatchObject({ status: "draft", publicUrl, operator: "Lucía Gómez", operatorCuit: cuit });
  });

  it("lets the claim name another operator", async () => {
    const stub = await createFormingStub({
      sessionId: session(),
      denominacion: `Reclamo Con Operador ${serial}`,
      representative: { nombre: "Lucía Gómez", cuit: freshCuit("27") },
    });
    const operatorCuit = freshCuit("30");
    const claimed = await claimFormingStub(stub.record.id, stub.claimToken as string, {
      publicUrl: `https://otro-${serial}-${Date.now()}.example`,
      operator: "Operadora SRL",
      operatorCuit,
    });
    expect(claimed.record).toMatchObject({ operator: "Operadora SRL", operatorCuit });
  });

  it("refuses a claim without operator when the incorporation named none, and changes nothing", async () => {
    const stub = await createFormingStub({ sessionId: session(), denominacion: `Reclamo Incompleto ${serial}` });
    const err = await refusal(
      claimFormingStub(stub.record.id, stub.claimToken as string, { publicUrl: "https://incompleto.example" }),
    );
    expect(err.code).toBe("validation_failed");
    const codes = (err.extensions.findings as { code: string; field: string }[]).map((f) => `${f.field}:${f.code}`);
    expect(codes).toEqual(expect.arrayContaining(["operator:operator_invalid", "operatorCuit:cuit_required"]));
    expect(await getRegistryRecord(stub.record.id)).toEqual(stub.record);
    // The claim token still works: nothing was spent.
    const claimed = await claimFormingStub(stub.record.id, stub.claimToken as string, {
      publicUrl: "https://incompleto.example",
      operator: "Operadora SRL",
      operatorCuit: freshCuit(),
    });
    expect(claimed.record.status).toBe("draft");
  });
});

describe("listing a company that already has a forming record", () => {
  it("points to the forming record and lists nothing, whatever the case, accents or spaces", async () => {
    const stub = await createFormingStub({ sessionId: session(), denominacion: `Agéntica Duplicada ${serial} SAS` });
    const before = await allIds();
    const err = await refusal(createListing(listingBody({ name: `  agentica   DUPLICADA ${serial} sas ` })));
    expect(err.code).toBe("registry_duplicate");
    expect(err.extensions).toMatchObject({ field: "name", recordId: stub.record.id });
    expect(err.message).toContain(`/api/registry/${stub.record.id}/claim`);
    expect(await allIds()).toEqual(before);
    expect(await getRegistryRecord(stub.record.id)).toEqual(stub.record);
  });

  it("still lists other names, and the same name once the forming record was claimed", async () => {
    const name = `Reclamada Luego ${serial}`;
    const stub = await createFormingStub({ sessionId: session(), denominacion: name });
    const other = await createListing(listingBody({ name: `${name} Segunda` }));
    expect(other.record.status).toBe("draft");
    await claimFormingStub(stub.record.id, stub.claimToken as string, {
      publicUrl: `https://luego-${serial}-${Date.now()}.example`,
      operator: "Operadora SRL",
      operatorCuit: freshCuit(),
    });
    const again = await createListing(listingBody({ name }));
    expect(again.record).toMatchObject({ name, status: "draft" });
  });

  it("reports the listing's own findings first: a bad listing is a 422, not a pointer", async () => {
    const stub = await createFormingStub({ sessionId: session(), denominacion: `Con Errores ${serial}` });
    const err = await refusal(createListing(listingBody({ name: stub.record.name, operatorCuit: "30-71234567-2" })));
    expect(err.code).toBe("validation_failed");
  });
});
