/** Names only the conformance suite's fixtures carry (lib/mcp/conformance/fixtures.ts). */
export const FIXTURE_MARKS = ["test_simple_text", "test_input_required_result", "json_schema_2020_12_tool", "test://"];

/** The served documents that describe /mcp or the API: none may name a fixture, switch on or off. */
export const DESCRIBING_DOCUMENTS = [
  "/mcp/server-card",
  "/.well-known/agents.json",
  "/.well-known/ai-catalog.json",
  "/api/discovery",
  "/api/discovery?format=openapi",
  "/llms.txt",
];
