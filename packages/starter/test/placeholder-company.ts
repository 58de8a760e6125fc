/**
 * The example company whose generated lib/agent.ts the starter carries as its placeholder, so that
 * the starter builds and tests on its own; a real company's incorporation replaces that file.
 */
export const STARTER_PLACEHOLDER = {
  request: {
    denominacion: "Ejemplo Automatizada SOCIEDAD-IA",
    tipo: "SOCIEDAD-IA",
    capitalSocial: 2000000,
    objeto: "Ejemplo: reemplazá este archivo por el lib/agent.ts que devuelve la constitución de tu sociedad.",
  },
  context: {
    slug: "ejemplo-automatizada-sociedad-ia",
    baseUrl: "https://sociedades-ia.example",
    deployUrl: "https://vercel.com/new/clone",
    // The starter names the client library by version, as a project from a local service does.
    clientTarball: null,
  },
} as const;
