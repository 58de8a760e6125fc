import type { PlayUIMessage } from "./ui-message";

const PROVIDER_MEMBERS = ["providerMetadata", "callProviderMetadata", "resultProviderMetadata"] as const;

/**
 * The conversation without the provider metadata a client may attach to its parts. The AI SDK
 * turns those members into provider options, and OpenAI-compatible providers spread them into the
 * request they send (a text part's `{openaiCompatible: {role: "system"}}` would turn the user's
 * message into a system prompt): only the server decides what reaches the provider besides text.
 */
export function stripProviderOptions(messages: PlayUIMessage[]): PlayUIMessage[] {
  return messages.map((message) => ({
    ...message,
    parts: message.parts.map((part) => {
      if (!PROVIDER_MEMBERS.some((name) => name in part)) return part;
      const copy: Record<string, unknown> = { ...part };
      for (const name of PROVIDER_MEMBERS) delete copy[name];
      return copy as typeof part;
    }),
  }));
}
