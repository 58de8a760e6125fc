import { defineMessages } from "../define-messages";
import { tpl } from "../template";

/**
 * The page a visitor gets when a page view is over the read limit (lib/http/page-rate-limit.ts). It is
 * plain HTML written before any rendering, so these few lines are all it has.
 */
export const rateLimitedPage = defineMessages({
  es: {
    title: "Demasiadas consultas",
    body: tpl(
      "Llegaron demasiadas consultas desde tu dirección: como mucho {limit} unidades cada {window}, contando páginas y API juntas (una consulta a la API cuesta 1, más 1 cada 100 entradas que devuelve; una página, 5; un panel de sesión, 10). No se cambió nada.",
    ),
    next: tpl("Probá de nuevo en {seconds} s."),
    retry: "Reintentar",
    home: "Ir al inicio",
    otherLang: "English",
  },
  en: {
    title: "Too many requests",
    body: tpl(
      "Too many requests came from your address: at most {limit} units per {window}, pages and API counted together (an API read costs 1, plus 1 per 100 entries it returns; a page 5; a session dashboard 10). Nothing was changed.",
    ),
    next: tpl("Try again in {seconds} s."),
    retry: "Try again",
    home: "Go to the home page",
    otherLang: "Español",
  },
});
