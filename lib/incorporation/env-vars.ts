import { STARTER_ENV } from "../../packages/starter/lib/contract";

// Each description is Spanish, then English after " / ": the answer's shape (SPEC 2.5) has one
// string per variable, and the same text goes into the generated .env.example.
/** The environment variables a new company's starter needs, and the checklist step that yields each. */
export const COMPANY_ENV_VARS = [
  {
    name: STARTER_ENV.registryId,
    description:
      "Identificador de la ficha de la sociedad en el directorio (registry.record.id de la constitución) / The id of the company's record in the directory (registry.record.id of the incorporation).",
    step: null,
  },
  {
    name: STARTER_ENV.auditBaseUrl,
    description:
      "URL base del servicio de auditoría que registra cada acción (este servicio) / Base URL of the audit service that records every action (this service).",
    step: null,
  },
  {
    name: STARTER_ENV.auditSessionId,
    description:
      "Sesión de auditoría de esta sociedad (la devuelve la constitución) / The audit session of this company (returned by the incorporation).",
    step: null,
  },
  {
    name: STARTER_ENV.auditSessionToken,
    description:
      "Token de escritura de esa sesión (se muestra una sola vez; guardalo en secreto) / Write token of that audit session (shown once; keep it secret).",
    step: null,
  },
  {
    name: STARTER_ENV.operatorCuit,
    description:
      "CUIT de quien opera la sociedad: el mismo operatorCuit que declarás al reclamar la ficha / CUIT of whoever operates the company: the same operatorCuit you declare when claiming its record.",
    step: "registry-certification",
  },
  {
    name: "ARCA_CERT_PEM",
    description:
      "Certificado digital de ARCA (ex AFIP) para facturación electrónica / ARCA (formerly AFIP) digital certificate for e-invoicing.",
    step: "arca-certificate",
  },
  {
    name: "ARCA_KEY_PEM",
    description: "Clave privada de ese certificado de ARCA / Private key of that ARCA certificate.",
    step: "arca-certificate",
  },
  {
    name: "ARCA_CUIT",
    description: "CUIT de la sociedad ante ARCA / The company's CUIT at ARCA.",
    step: "cuit",
  },
  {
    name: "MP_ACCESS_TOKEN",
    description:
      "Token de acceso del medio de pago (Mercado Pago u otro) / Payment provider access token (Mercado Pago or similar).",
    step: "payment-token",
  },
  {
    name: "WHATSAPP_TOKEN",
    description: "Token de acceso de WhatsApp Business Platform / WhatsApp Business Platform access token.",
    step: "messaging-verification",
  },
  {
    name: "WHATSAPP_PHONE_NUMBER_ID",
    description:
      "Identificador del número de WhatsApp Business verificado / Id of the verified WhatsApp business number.",
    step: "messaging-verification",
  },
] as const;

export type CompanyEnvVar = (typeof COMPANY_ENV_VARS)[number]["name"];
