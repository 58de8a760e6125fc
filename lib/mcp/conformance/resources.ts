import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { FIXTURE_PNG } from "./media";

const TEMPLATE = new ResourceTemplate("test://template/{id}/data", { list: undefined });

/**
 * The conformance suite's resources (see fixtures.ts): text, binary, a template, and one
 * to subscribe to. Subscriptions are acknowledged only: the fixtures never change.
 */
export function registerConformanceResources(server: McpServer): void {
  server.registerResource(
    "static-text",
    "test://static-text",
    { description: "A static text resource.", mimeType: "text/plain" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "This is the content of the static text resource." }],
    }),
  );
  server.registerResource(
    "static-binary",
    "test://static-binary",
    { description: "A static PNG image.", mimeType: "image/png" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "image/png", blob: FIXTURE_PNG }] }),
  );
  server.registerResource(
    "template-data",
    TEMPLATE,
    { description: "Data for an id.", mimeType: "application/json" },
    (uri, variables) => {
      const id = String(variables.id);
      const data = { id, templateTest: true, data: `Data for ID: ${id}` };
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(data) }] };
    },
  );
  server.registerResource(
    "watched-resource",
    "test://watched-resource",
    { description: "A resource to subscribe to.", mimeType: "text/plain" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: "Watched resource content." }] }),
  );
  server.server.setRequestHandler("resources/subscribe", () => ({}));
  server.server.setRequestHandler("resources/unsubscribe", () => ({}));
}
