import type { PlayMessages } from "./words";

/** The messages the chat renders, in the page's language: what each of its parts takes a share of. */
export type ChatMessages = Pick<PlayMessages, "examples" | "chat" | "form" | "tool" | "session" | "errors">;
