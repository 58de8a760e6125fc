import { notFoundRoute } from "@/lib/http/not-found";

// Any other path under /api – a 404 problem like every API error, rather than the site's HTML page
export {
  notFoundRoute as DELETE,
  notFoundRoute as GET,
  notFoundRoute as OPTIONS,
  notFoundRoute as PATCH,
  notFoundRoute as POST,
  notFoundRoute as PUT,
};
