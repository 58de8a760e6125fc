/**
 * The typical incorporation request, shown to people (home page) and machines (OpenAPI example).
 * A unit test checks that it passes every rule, so what we show always works. The objeto stays in
 * Spanish in every language: it is the text of an Argentine company's articles.
 */
export const EXAMPLE_REQUEST = {
  denominacion: "Acme Agentes Automatizada SOCIEDAD-IA",
  tipo: "SOCIEDAD-IA",
  capitalSocial: 2000000,
  objeto:
    "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
} as const;
