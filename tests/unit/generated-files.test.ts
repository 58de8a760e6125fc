import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_PACKAGE, CLIENT_TARBALL_PATH } from "@/lib/client-package/client-package-name";
import { buildChecklist } from "@/lib/incorporation/checklist";
import { COMPANY_ENV_VARS } from "@/lib/incorporation/env-vars";
import { generateFiles, STARTER_VERSIONS } from "@/lib/incorporation/generate-files";
import type { IncorporationRequest } from "@/lib/incorporation/validate";
import { tempDir } from "../support/temp-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TARBALL = `https://registro.example${CLIENT_TARBALL_PATH}`;
const HOSTILE = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${} is the attack being tested
  'Acme "quoted" `back` ${process.exit(1)} */ /* <img src=x onerror=alert(1)> SOCIEDAD-IA',
  "Line one\nline two\r\n\u2028 # heading SOCIEDAD-IA",
  "</script><script>alert(1)</script> [link](javascript:alert(1)) SOCIEDAD-IA",
  "\\\\ backslashes \\' and ' quotes SOCIEDAD-IA",
];

function filesFor(text: string) {
  const request: IncorporationRequest = {
    denominacion: text,
    tipo: "SOCIEDAD-IA",
    capitalSocial: 2000000,
    objeto: `${text} — agentes de software autónomos`,
  };
  return generateFiles(request, {
    slug: "acme",
    baseUrl: "https://registro.example",
    deployUrl: "https://vercel.com/new/clone?x=1",
    clientTarball: TARBALL,
  });
}

function typecheck(agentTs: string) {
  const dir = tempDir("sia-gen-");
  fs.mkdirSync(path.join(dir, "lib"));
  fs.writeFileSync(path.join(dir, "lib/agent.ts"), agentTs);
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        lib: ["ES2022", "DOM"],
        types: [],
      },
      include: ["lib/**/*.ts"],
    }),
  );
  execFileSync(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", dir], { stdio: "pipe" });
}

describe("generated files", () => {
  for (const text of HOSTILE) {
    it(`hold ${JSON.stringify(text.slice(0, 30))}… only as data`, () => {
      const files = filesFor(text);
      const pkg = JSON.parse(files["package.json"]);
      expect(pkg.description).toBe(`${text} (SOCIEDAD-IA)`);
      const company = /export const COMPANY = ([\s\S]*?) as const;/.exec(files["lib/agent.ts"])?.[1] as string;
      expect(JSON.parse(company).denominacion).toBe(text);
      expect(() => typecheck(files["lib/agent.ts"])).not.toThrow();
      const readmeTitle = files["README.md"].split("\n")[0] as string;
      expect(readmeTitle).not.toMatch(/[<>`*[\]\n]/);
      expect(files["README.md"]).not.toMatch(/<script|<img|\]\(javascript:/);
      for (const line of files[".env.example"].split("\n"))
        expect(line === "" || /^(#|[A-Z_]+=)/.test(line)).toBe(true);
    });
  }

  it("list every env var of envVars in .env.example", () => {
    const env = filesFor("Acme SOCIEDAD-IA")[".env.example"];
    for (const { name } of COMPANY_ENV_VARS) expect(env).toMatch(new RegExp(`^${name}=$`, "m"));
  });

  it("describe every env var in Spanish, then in English, in the answer's text and in .env.example", () => {
    const env = filesFor("Acme SOCIEDAD-IA")[".env.example"];
    for (const { name, description } of COMPANY_ENV_VARS) {
      const halves = description.split(" / ");
      expect(halves, name).toHaveLength(2);
      // Each half reads on its own, so neither language leans on the other.
      expect(halves[0], name).toMatch(/^[A-ZÁÉÍÓÚ].{10,}[^.]$/);
      expect(halves[1], name).toMatch(/^[A-Z].{10,}\.$/);
      expect(env).toContain(`# ${description}`);
    }
  });

  it("pin dependency versions that exist (the ones installed here)", () => {
    const pkg = JSON.parse(filesFor("Acme SOCIEDAD-IA")["package.json"]);
    const installed = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
    expect(pkg.dependencies).toEqual({
      "@sociedades-ia/incorporate": "https://registro.example/packages/sociedades-ia-incorporate-0.1.0.tgz",
      next: installed("next"),
      react: installed("react"),
      "react-dom": installed("react-dom"),
    });
    expect(pkg.devDependencies).toEqual({
      "@types/node": installed("@types/node"),
      "@types/react": installed("@types/react"),
      typescript: installed("typescript"),
    });
    for (const version of Object.values(STARTER_VERSIONS)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("name the client library by version, with an install note, when no public tarball URL is given", () => {
    const request: IncorporationRequest = {
      denominacion: "Acme Local SOCIEDAD-IA",
      tipo: "SOCIEDAD-IA",
      capitalSocial: 2000000,
      objeto: "Agentes de software autónomos",
    };
    const context = { slug: "acme", baseUrl: "http://localhost:3000", deployUrl: "https://vercel.com/new/clone" };
    const local = generateFiles(request, { ...context, clientTarball: null });
    expect(JSON.parse(local["package.json"]).dependencies[CLIENT_PACKAGE.name]).toBe(CLIENT_PACKAGE.version);
    const note = `npm install http://localhost:3000${CLIENT_TARBALL_PATH}`;
    expect(local["README.md"]).toContain("## Client library / Biblioteca cliente");
    expect(local["README.md"]).toContain(note);
    // With a public tarball the package.json pins it and the README has no such note.
    const pinned = generateFiles(request, { ...context, clientTarball: TARBALL });
    expect(JSON.parse(pinned["package.json"]).dependencies[CLIENT_PACKAGE.name]).toBe(TARBALL);
    expect(pinned["README.md"]).not.toContain("Biblioteca cliente");
  });

  it("link the checklist's 8 steps with their env vars", () => {
    const checklist = buildChecklist("https://registro.example");
    expect(checklist).toHaveLength(8);
    expect(checklist.map((s) => s.id)).toEqual(
      expect.arrayContaining(["arca-certificate", "payment-token", "messaging-verification", "registry-inscription"]),
    );
    expect(checklist.at(-1)?.link).toBe("https://registro.example/registro");
    for (const step of checklist) {
      expect(step.title.es && step.title.en && step.description.es && step.description.en).toBeTruthy();
      expect(step.state).toBe("pending");
    }
  });
});
