import localFont from "next/font/local";

// Inter's variable Latin cut from the npm package, so the build reads a local file and never
// downloads one. The Latin subset already holds every Spanish letter and sign (á ñ ü ¿ ¡ « »).
export const typeface = localFont({
  src: "../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-brand",
  fallback: ["system-ui", "Segoe UI", "Roboto", "Arial", "sans-serif"],
});
