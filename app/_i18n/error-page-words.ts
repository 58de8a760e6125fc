/**
 * The words of app/error.tsx, kept apart from the dictionaries (lib/i18n): the error page is a client component,
 * and these few lines are all it needs to ship.
 */
export const ERROR_PAGE = {
  es: {
    title: "Algo falló de nuestro lado",
    body: "La página no se pudo mostrar por un error inesperado del servidor. Quedó registrado; no se perdió nada de lo que ya estaba guardado.",
    next: "Probá de nuevo en unos segundos. Si vuelve a pasar, empezá desde el inicio.",
    retry: "Reintentar",
    home: "Ir al inicio",
    reference: "Referencia del error",
  },
  en: {
    title: "Something failed on our side",
    body: "The page could not be shown because of an unexpected server error. It has been logged; nothing already saved was lost.",
    next: "Try again in a few seconds. If it happens again, start from the home page.",
    retry: "Try again",
    home: "Go to the home page",
    reference: "Error reference",
  },
} as const;
