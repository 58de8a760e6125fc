/** The environment variables a new company's starter needs, and the checklist step that yields each. */
export const COMPANY_ENV_VARS = [
  {
    name: "SOCIEDAD_SLUG",
    description: "Identificador de la sociedad en el registro / the company's registry id.",
    step: null,
  },
  {
    name: "AUDIT_BASE_URL",
    description: "Base URL of the audit service that records every action (this service).",
    step: null,
  },
  {
    name: "AUDIT_SESSION_ID",
    description: "The audit session of this company (returned by the incorporation).",
    step: null,
  },
  {
    name: "AUDIT_SESSION_TOKEN",
    description: "Write token of that audit session (returned once by the incorporation; keep it secret).",
    step: null,
  },
  {
    name: "ARCA_CERT_PEM",
    description: "Certificado digital de ARCA (ex AFIP) para facturación electrónica.",
    step: "arca-certificate",
  },
  { name: "ARCA_KEY_PEM", description: "Private key of that ARCA certificate.", step: "arca-certificate" },
  { name: "ARCA_CUIT", description: "CUIT de la sociedad ante ARCA.", step: "cuit" },
  {
    name: "MP_ACCESS_TOKEN",
    description: "Payment provider access token (Mercado Pago or similar).",
    step: "payment-token",
  },
  { name: "WHATSAPP_TOKEN", description: "WhatsApp Business Platform access token.", step: "messaging-verification" },
  {
    name: "WHATSAPP_PHONE_NUMBER_ID",
    description: "Id of the verified WhatsApp business number.",
    step: "messaging-verification",
  },
] as const;

export type CompanyEnvVar = (typeof COMPANY_ENV_VARS)[number]["name"];
