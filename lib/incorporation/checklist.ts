import type { ChecklistStep } from "@sociedades-ia/incorporate";
import { boundedMemo } from "../cache/bounded-memo";
import { COMPANY_ENV_VARS } from "./env-vars";

// The step's shape is the client package's (which must stay free of imports from the service), so
// the service builds exactly what the published client declares.
export type { ChecklistStep };

type StepText = Omit<ChecklistStep, "order" | "envVars" | "state">;

const STEPS: StepText[] = [
  {
    id: "registry-inscription",
    title: { es: "Inscribir la sociedad en el registro público", en: "Register the company with the public registry" },
    description: {
      es: "Presentar el estatuto ante la IGJ (CABA) o el registro de la provincia. La SOCIEDAD-IA aún no es un tipo vigente: hasta la ley, se inscribe como SAS o SRL con este objeto.",
      en: "File the articles with the IGJ (Buenos Aires City) or the provincial registry. SOCIEDAD-IA is not yet a legal form: until the law passes, register as an SAS or SRL with this purpose.",
    },
    authority: "Inspección General de Justicia (IGJ) o registro provincial",
    link: "https://www.argentina.gob.ar/justicia/igj",
  },
  {
    id: "cuit",
    title: { es: "Obtener el CUIT de la sociedad", en: "Obtain the company's CUIT" },
    description: {
      es: "Con la inscripción, tramitar la CUIT ante ARCA (ex AFIP).",
      en: "With the registration, apply for the company's tax id (CUIT) at ARCA (formerly AFIP).",
    },
    authority: "ARCA (ex AFIP)",
    link: "https://www.arca.gob.ar/",
  },
  {
    id: "arca-certificate",
    title: { es: "Certificado digital para facturación electrónica", en: "Digital certificate for e-invoicing" },
    description: {
      es: "Generar el certificado de ARCA para el web service de factura electrónica (WSFE) y autorizarlo para el punto de venta.",
      en: "Create the ARCA certificate for the e-invoicing web service (WSFE) and authorise it for the point of sale.",
    },
    authority: "ARCA (ex AFIP)",
    link: "https://www.arca.gob.ar/ws/",
  },
  {
    id: "tax-registrations",
    title: { es: "Altas impositivas", en: "Tax registrations" },
    description: {
      es: "Alta en IVA y Ganancias ante ARCA e Ingresos Brutos ante la agencia de rentas de la jurisdicción.",
      en: "Register for VAT and income tax with ARCA, and for gross-receipts tax with the provincial revenue agency.",
    },
    authority: "ARCA y agencia de rentas provincial",
    link: "https://www.arca.gob.ar/",
  },
  {
    id: "bank-account",
    title: { es: "Cuenta bancaria a nombre de la sociedad", en: "Bank account in the company's name" },
    description: {
      es: "Abrir la cuenta y registrar su CBU; integrar el capital suscripto según el tipo.",
      en: "Open the account and record its CBU; pay in the subscribed capital as the type requires.",
    },
    authority: "Entidad bancaria (BCRA)",
    link: "https://www.bcra.gob.ar/",
  },
  {
    id: "payment-token",
    title: { es: "Token del proveedor de pagos", en: "Payment provider token" },
    description: {
      es: "Crear la cuenta de empresa en el proveedor de pagos y generar un token de producción.",
      en: "Create the business account with the payment provider and generate a production token.",
    },
    authority: "Proveedor de pagos (p. ej., Mercado Pago)",
    link: "https://www.mercadopago.com.ar/developers",
  },
  {
    id: "messaging-verification",
    title: { es: "Verificación de empresa para mensajería", en: "Business verification for messaging" },
    description: {
      es: "Verificar la empresa en WhatsApp Business Platform y registrar el número que usará el agente.",
      en: "Verify the business on the WhatsApp Business Platform and register the number the agent will use.",
    },
    authority: "Meta (WhatsApp Business Platform)",
    link: "https://business.whatsapp.com/",
  },
  {
    id: "registry-certification",
    title: { es: "Publicar y certificar en este directorio", en: "Publish and certify in this directory" },
    description: {
      es: "Desplegar el proyecto, publicar /.well-known/agents.json con el identificador de la ficha en formación como issuer.registryId, reclamar esa ficha con su token y pedir la certificación: con nota C o mejor pasa a activa.",
      en: "Deploy the project, publish /.well-known/agents.json with the forming record's id as issuer.registryId, claim that record with its token and request certification: rating C or better makes it live.",
    },
    authority: "sociedades-IA (este servicio)",
    link: "/registro",
  },
];

function checklistFor(baseUrl: string): readonly ChecklistStep[] {
  return Object.freeze(
    STEPS.map((step, i) =>
      Object.freeze({
        ...step,
        order: i + 1,
        link: step.link.startsWith("/") ? `${baseUrl}${step.link}` : step.link,
        envVars: COMPANY_ENV_VARS.filter((v) => v.step === step.id).map((v) => v.name),
        state: "pending" as const,
      }),
    ),
  );
}

// Every incorporation answer holds the checklist, and a deployment has one or a few base URLs.
const cached = boundedMemo(16, (baseUrl: string) => {
  const steps = checklistFor(baseUrl);
  return { steps, json: JSON.stringify(steps) };
});

/**
 * The 8-step legal and operational roadmap; relative links are made absolute with `baseUrl`. Shared
 * between calls, hence frozen.
 */
export function buildChecklist(baseUrl: string): readonly ChecklistStep[] {
  return cached(baseUrl).steps;
}

/** JSON.stringify(buildChecklist(baseUrl)), serialised once. */
export function checklistJson(baseUrl: string): string {
  return cached(baseUrl).json;
}
