import { type KeyboardEvent, useState } from "react";
import { CodeBlock } from "@/app/_components/code/code-block";
import { CopyButton } from "@/app/_components/code/copy-button";
import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import { fill } from "@/lib/i18n/template";

type ResultMessages = IncorporateMessages["result"];

/** Saves `content` as a file named after the last part of `path`, without a round trip. */
function download(path: string, content: string) {
  const type = path.endsWith(".json") ? "application/json" : "text/plain";
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = path.split("/").pop() ?? path;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The generated files as tabs (arrow keys move between them), each with copy and download. */
export function FileTabs({ files, words }: { files: Record<string, string>; words: ResultMessages["files"] }) {
  const paths = Object.keys(files);
  const [selected, setSelected] = useState(0);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: paths.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + paths.length) % paths.length;
    setSelected(index);
    document.getElementById(`inc-file-tab-${index}`)?.focus();
  }

  return (
    <div className="inc-files">
      <div role="tablist" aria-label={words.tabs} className="inc-tablist">
        {paths.map((path, i) => (
          <button
            key={path}
            type="button"
            role="tab"
            id={`inc-file-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`inc-file-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className="inc-tab"
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            <span translate="no">{path}</span>
          </button>
        ))}
      </div>
      {paths.map((path, i) => (
        <div
          key={path}
          role="tabpanel"
          id={`inc-file-panel-${i}`}
          aria-labelledby={`inc-file-tab-${i}`}
          hidden={i !== selected}
          className="inc-panel"
        >
          <div className="button-row inc-file-actions">
            <CopyButton
              text={files[path] ?? ""}
              label={fill(words.copy, { path })}
              copiedLabel={words.copied}
              failedLabel={words.copyFailed}
            />
            <button type="button" className="button button-small" onClick={() => download(path, files[path] ?? "")}>
              {fill(words.download, { path })}
            </button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
          <section className="inc-code" tabIndex={0} aria-label={fill(words.code, { path })}>
            <CodeBlock>{files[path]}</CodeBlock>
          </section>
        </div>
      ))}
    </div>
  );
}
