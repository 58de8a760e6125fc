import type { ReactNode } from "react";
import { COMPANY } from "../lib/agent";

export const metadata = { title: COMPANY.denominacion, description: COMPANY.objeto };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: "40rem", margin: "2rem auto", padding: "0 1rem" }}>
        {children}
      </body>
    </html>
  );
}
