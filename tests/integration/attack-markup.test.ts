// Attack: script, markup and formulas in every text field a client controls (an incorporation's
// objeto and a rejected one's denominacion, a registry listing's name, operator and disclosure),
// then every place that shows them: server-rendered pages, the CSV export, the SVG badge, the four
// generated files, error answers and download names. Each carries the text as data, escaped for its
// format; tests/e2e/attack-markup.spec.ts checks in a browser that none of it runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";
import { HOSTILE_TEXT, MARKUP } from "../support/hostile-text";
import { callApi, listingBody } from "../support/registry-client";

let app: AppServer;
let sessionId = "";
let incorporation: {
  config: Record<string, string>;
  audit: { sessionId: string; sessionToken: string };
  registry: { record: { id: string } };
};
let listing: { record: { id: string; name: string } };

beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "1000/1m", RATE_LIMIT_REGISTRY: "1000/1m" } });
  const objeto = `${HOSTILE_TEXT} Desarrollo de agentes de software autónomos.`;
  const ok = await callApi(app.url, "POST", "/api/auto-incorporate", {
    body: { ...TYPICAL, denominacion: "Marcado Hostil SOCIEDAD-IA", objeto },
  });
  expect(ok.status).toBe(200);
  incorporation = ok.body;
  sessionId = incorporation.audit.sessionId;
  // A rejected call is audited too, with the denominacion as sent (the rules refuse its characters).
  const rejected = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": incorporation.audit.sessionToken },
    body: JSON.stringify({ ...TYPICAL, denominacion: `${MARKUP.img} SOCIEDAD-IA`, objeto, sessionId }),
  });
  expect(rejected.status).toBe(422);
  const listed = await callApi(app.url, "POST", "/api/registry", {
    body: listingBody({
      name: `${MARKUP.img}${MARKUP.svgBreak}`,
      type: "demo",
      operator: MARKUP.formula,
      disclosure: { es: HOSTILE_TEXT, en: HOSTILE_TEXT },
    }),
  });
  expect(listed.status).toBe(201);
  listing = listed.body;
});
afterAll(async () => {
  await app?.stop();
});

/** Raw markup that would run or break out if a page reflected it unescaped. */
const LIVE_MARKUP = [/<img src=x/i, /<script>alert/i, /<\/text><script/i, /<svg onload/i, /href="javascript:/i];

async function page(path: string, status = 200) {
  const res = await fetch(`${app.url}${path}`);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
  return res.text();
}

describe("text fields full of markup", () => {
  it("are escaped in the server-rendered pages that show them", async () => {
    for (const path of ["/registro?type=demo", `/dashboard/${sessionId}`, `/verify?session=${sessionId}`]) {
      const html = await page(path);
      for (const pattern of LIVE_MARKUP) expect(html, `${path} ${pattern}`).not.toMatch(pattern);
    }
    // The registry shows the text, as text.
    const registro = await page("/registro?type=demo");
    expect(registro).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(registro).toContain("=HYPERLINK(&quot;");
  });

  it("are escaped where an invalid id is echoed back in a page, and never live where it is not", async () => {
    const id = encodeURIComponent(MARKUP.img);
    for (const [path, status] of [
      [`/dashboard/${id}`, 404],
      [`/verify?session=${id}`, 200],
    ] as const) {
      const html = await page(path, status);
      for (const pattern of LIVE_MARKUP) expect(html, path).not.toMatch(pattern);
    }
    // The dashboard answers 404 without echoing the id; the verify page shows it, escaped.
    expect(await page(`/verify?session=${id}`)).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("never reach the SVG badge, which holds only its own words", async () => {
    const res = await fetch(`${app.url}/api/badge/${sessionId}`);
    const svg = await res.text();
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(svg).toContain("verified 2/2");
    expect(svg).not.toMatch(/<script|onerror|onload|javascript:|HYPERLINK/i);
    expect(svg.match(/<svg/g)).toHaveLength(1);
  });

  it("become CSV data: no cell a spreadsheet would run, and every entry rebuilds from its row", async () => {
    const res = await fetch(`${app.url}/api/play/audit/${sessionId}/csv`);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="audit-${sessionId}.csv"`);
    const [header, ...rows] = parseCsv(await res.text());
    const entries = (await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json()).entries;
    expect(rows).toHaveLength(entries.length);
    for (const [i, row] of rows.entries()) {
      for (const cell of row) expect(cell, `row ${i}`).not.toMatch(/^[=+\-@\t\r]/);
      const cells = Object.fromEntries(
        (header as string[]).map((column, c) => [column, (row[c] as string).replace(/^'/, "")]),
      );
      expect(JSON.parse(cells.input as string)).toEqual(entries[i].input);
    }
    expect(JSON.stringify(entries)).toContain(MARKUP.formula.slice(0, 10)); // the text is there, as data
  });

  it("stay data in each of the four generated files", () => {
    const files = incorporation.config;
    const objeto = `${HOSTILE_TEXT} Desarrollo de agentes de software autónomos.`;
    // JSON and TypeScript: one string value, read back exactly.
    expect(JSON.parse(files["package.json"] as string).description).toBe("Marcado Hostil SOCIEDAD-IA (SOCIEDAD-IA)");
    const company = /export const COMPANY = ([\s\S]*?) as const;/.exec(files["lib/agent.ts"] as string)?.[1] as string;
    expect(JSON.parse(company).objeto).toBe(objeto.replace(/\s+/g, " ")); // runs of white space become one
    // .env: comments and empty assignments only; a line break in the text starts no variable.
    for (const line of (files[".env.example"] as string).split("\n")) expect(line).toMatch(/^(#.*|[A-Z_]+=|)$/);
    // Markdown: no live HTML, link or line break out of its paragraph.
    const readme = files["README.md"] as string;
    expect(readme).not.toMatch(/<img|<script|<\/text>|\]\(javascript:/i);
    const objetoLine = readme.split("\n").find((l) => l.startsWith("Objeto:")) as string;
    expect(objetoLine).toContain("&#60;script&#62;alert(2)&#60;/script&#62;");
    expect(readme).not.toMatch(/^EVIL=/m);
  });

  it("come back from the JSON APIs as JSON strings, never sniffed as HTML", async () => {
    const res = await fetch(`${app.url}/api/registry/${listing.record.id}`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await res.json()).name).toBe(`${MARKUP.img}${MARKUP.svgBreak}`);
    // An error that names the id it could not find.
    const missing = await fetch(`${app.url}/api/registry/${encodeURIComponent(MARKUP.img)}`);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}
