/**
 * Where an answer is worked out by the browser's scripts: what a visitor without them reads in its
 * place. Shown by CSS (`scripting: none`, audit.css) rather than <noscript>, which a browser that
 * parsed the page with scripts on keeps as text; the part that would wait for the scripts carries
 * the class `scripted` and is hidden then.
 */
export function NeedsScripts({ text }: { text: string }) {
  return <p className="notice needs-scripts">{text}</p>;
}
