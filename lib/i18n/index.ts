export * from "./lang";
// The site's strings: the shell's in ./messages/common.ts, each page's beside the page (words.ts),
// put together in app/_i18n/dictionary.ts.
export { common } from "./messages/common";
