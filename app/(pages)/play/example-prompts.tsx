import type { ChatMessages } from "./chat-messages";

/** Prompts to start from: each one sends itself. */
export function ExamplePrompts({
  words,
  ids,
  busy,
  send,
}: {
  words: ChatMessages["examples"];
  ids: string;
  busy: boolean;
  send: (text: string) => void;
}) {
  return (
    <section className="play-examples" aria-labelledby={`${ids}-examples`}>
      <h2 id={`${ids}-examples`}>{words.title}</h2>
      <p className="field-hint">{words.hint}</p>
      <ul className="example-list">
        {Object.entries(words.prompts).map(([key, prompt]) => (
          <li key={key}>
            <button type="button" className="example-prompt" onClick={() => send(prompt)} disabled={busy}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
