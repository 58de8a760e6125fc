import type { ChatMessages } from "./play-chat";

/** Prompts to start from: each one sends itself. */
export function ExamplePrompts({
  t,
  ids,
  busy,
  send,
}: {
  t: ChatMessages["examples"];
  ids: string;
  busy: boolean;
  send: (text: string) => void;
}) {
  return (
    <section className="play-examples" aria-labelledby={`${ids}-examples`}>
      <h2 id={`${ids}-examples`}>{t.title}</h2>
      <p className="field-hint">{t.hint}</p>
      <ul className="example-list">
        {Object.entries(t.prompts).map(([key, prompt]) => (
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
