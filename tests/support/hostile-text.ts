/**
 * Text that runs, breaks out of its context or becomes a formula wherever a page, file or export
 * reflects it unescaped. Shared by the integration and browser attack tests. Plain data.
 */
export const MARKUP = {
  img: `"><img src=x onerror=alert(1)>`,
  script: "<script>alert(2)</script>",
  svgBreak: "</text><script>alert(3)</script>",
  url: "javascript:alert(4)",
  cdata: "]]><!--",
  formula: '=HYPERLINK("http://evil.example","click")',
  formulaPlus: "+1+cmd|' /C calc'!A0",
  formulaAt: "@SUM(1+1)",
  formulaMinus: "-2+3",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${} is the attack
  template: "{{7*7}} ${7*7}",
  newline: "\r\nEVIL=1",
} as const;

/** Every payload in one text. */
export const HOSTILE_TEXT = Object.values(MARKUP).join(" ");
