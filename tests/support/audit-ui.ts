import { expect, type Locator, type Page } from "@playwright/test";

/** The rows of a session dashboard's timeline, one per entry. */
export const timelineRows = (page: Page): Locator =>
  page.getByRole("region", { name: /Línea de tiempo de la sesión/ }).locator("tbody tr");

/**
 * The page was opened on an entry's anchor (`#entry-{seq}`): that entry's row is the document's
 * :target, has the focus, is in view and is marked apart from the other rows. Returns the row.
 */
export async function expectLandedOnEntry(page: Page, seq: number): Promise<Locator> {
  const row = page.locator(`tbody tr#entry-${seq}`);
  await expect(row).toHaveAttribute("data-seq", String(seq));
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  expect(await row.evaluate((tr) => tr.matches(":target"))).toBe(true);
  expect(await row.evaluate((tr) => getComputedStyle(tr).outlineStyle)).toBe("solid");
  const background = (cell: Locator) => cell.evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(await background(row.locator("td").first())).not.toBe(
    await background(page.locator("tbody tr:not(:target) td").first()),
  );
  return row;
}

/** The tamper demonstration (app/_components/tamper/tamper-demo.tsx), on /verify and on each dashboard. */
export const tamperDemo = (page: Page): Locator => page.getByRole("region", { name: "Demostración de adulteración" });

/**
 * Runs the demonstration as it is set up and checks the two verdicts: the untouched copy VERIFIED,
 * the altered one TAMPERED. Returns the result region and the altered copy's card.
 */
export async function alterCopyAndVerify(demo: Locator): Promise<{ result: Locator; altered: Locator }> {
  await demo.getByRole("button", { name: "Alterar una copia y verificar" }).click();
  const result = demo.getByRole("region", { name: "Resultado" });
  await expect(result.locator(".tamper-card").first().locator(".pill")).toHaveText("VERIFICADA");
  const altered = result.locator(".tamper-card").nth(1);
  await expect(altered.locator(".pill")).toHaveText("ADULTERADA");
  return { result, altered };
}
