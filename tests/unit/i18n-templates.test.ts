import { describe, expect, expectTypeOf, it } from "vitest";
import { t } from "@/app/_i18n/dictionary";
import type { Message, MessageTree } from "@/lib/i18n/define-messages";
import { fill, placeholders, type Template, tpl } from "@/lib/i18n/template";

/** Every message of a tree with its dotted key. */
function leaves(tree: MessageTree, prefix = ""): [string, Message][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, Message]] : leaves(value, `${prefix}${key}.`),
  );
}

const es = new Map(leaves(t("es")));
const en = new Map(leaves(t("en")));

describe("dictionaries", () => {
  it("are plain text in both languages, with the same keys", () => {
    expect(es.size).toBeGreaterThan(300);
    expect([...en.keys()].sort()).toEqual([...es.keys()].sort());
    for (const [key, text] of [...es, ...en]) {
      expect(typeof text, key).toBe("string");
      expect(text.trim(), key).not.toBe("");
    }
  });

  it("give every message the same placeholders in Spanish and English", () => {
    const templates = [...es].filter(([, text]) => placeholders(text).length > 0);
    // The parameterised messages of the audit pages, the wizard, the chat and the registry.
    expect(templates.length).toBeGreaterThan(50);
    for (const [key, text] of es) {
      expect(placeholders(en.get(key) ?? "").sort(), key).toEqual(placeholders(text).sort());
    }
  });

  it("leave nothing unfilled once a template gets its placeholders", () => {
    for (const [key, text] of [...es, ...en]) {
      const names = placeholders(text);
      if (names.length === 0) continue;
      const values = Object.fromEntries(names.map((name, i) => [name, `«value ${i}»`]));
      const filled = fill(text as Template<string>, values);
      expect(placeholders(filled), key).toEqual([]);
      for (const value of Object.values(values)) expect(filled, key).toContain(value);
    }
  });
});

describe("fill", () => {
  it("puts each value where its name is, as often as it appears", () => {
    const template = tpl("Mínimo para {tipo}: {minimum}. {tipo} pide {minimum}.");
    expect(fill(template, { tipo: "SAS", minimum: "$ 634.000" })).toBe(
      "Mínimo para SAS: $ 634.000. SAS pide $ 634.000.",
    );
    expect(fill(tpl("{n} de {max} caracteres"), { n: 0, max: 2000 })).toBe("0 de 2000 caracteres");
  });

  it("leaves braces that are no placeholder as written", () => {
    const template = tpl("No es JSON válido ({detail}): de la primera «{» a la última «}».");
    expect(placeholders(template)).toEqual(["detail"]);
    expect(fill(template, { detail: "Unexpected token" })).toBe(
      "No es JSON válido (Unexpected token): de la primera «{» a la última «}».",
    );
  });

  it("does not read placeholders inside the values it inserts", () => {
    expect(fill(tpl("Sesión {id}"), { id: "{id}-{x}" })).toBe("Sesión {id}-{x}");
    expect(fill(tpl("Detalle: {detail}"), { detail: "$& and $1" })).toBe("Detalle: $& and $1");
  });

  it("reads the placeholders from the text for the type checker", () => {
    expectTypeOf(tpl("Esperá {seconds} s")).toEqualTypeOf<Template<"seconds">>();
    expectTypeOf(tpl("de «{» a «}» ({detail}) en /api/{sessionId}")).toEqualTypeOf<Template<"detail" | "sessionId">>();
    // @ts-expect-error: a template must get every one of its placeholders.
    fill(tpl("{a} y {b}"), { a: 1 });
    // @ts-expect-error: plain text is no template.
    fill("texto", {});
  });
});
