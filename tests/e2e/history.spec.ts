/**
 * The visit history, with and without JavaScript (issue 17; ADR 025): filter Acme's history (the
 * seed's revision 22) to one group and one week, open a visit's details dialog, export 31 days as
 * CSV and as XLSX and check both files' rows (the XLSX read back with exceljs), and see 32 days
 * refused with the spec's message. axe checks each screen.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Download, Page } from "@playwright/test";
import { checkpoint, createUser, expect, jsEnabled, settled, signIn, test, uniqueEmail } from "./fixtures";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HEADER = "Date,Signed in,Signed out,Name,Company,Host,Group,Site,Status,Badge,Safety check";

async function exportAs(page: Page, format: "CSV" | "Excel (XLSX)", from: string, to: string): Promise<Download> {
  const form = page.getByRole("form", { name: "Export visits" });
  await form.getByLabel("Format").selectOption({ label: format });
  await form.getByLabel("Export from").fill(from);
  await form.getByLabel("Export to").fill(to);
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Export" }).click()]);
  return download;
}

test("filter the history, open a visit, export 31 days as CSV and XLSX @nojs", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("history");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Hal History" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  // One group, one week.
  await page.goto("/reports/history");
  await settled(page, testInfo);
  const filters = page.getByRole("form", { name: "Filter visits" });
  await filters.getByLabel("Group").selectOption({ label: "Visitors" });
  await filters.getByLabel("From", { exact: true }).fill(day(-8));
  await filters.getByLabel("To", { exact: true }).fill(day(-2));
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/group_id=\d+.*from=/);
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const groups = await table.locator("tbody tr td:nth-child(4)").allTextContents();
  expect(groups.length).toBeGreaterThan(0);
  expect(new Set(groups)).toEqual(new Set(["Visitors"]));
  await checkpoint(page, testInfo, "history: filtered");

  // A visit's details dialog, over the filtered list.
  const first = table.locator("tbody tr").first().getByRole("link");
  const name = (await first.textContent())!.trim();
  await first.click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/history\/visits\/\d+\/details\?/);
  await expect(dialog.getByRole("link", { name: "Details" })).toBeVisible();
  await expect(dialog.getByText("Visitors").first()).toBeVisible();
  await checkpoint(page, testInfo, "history: visit dialog");
  await page.goBack();
  await settled(page, testInfo);

  // 32 days: refused with the message, no download.
  const form = page.getByRole("form", { name: "Export visits" });
  await form.getByLabel("Export from").fill(day(-31));
  await form.getByLabel("Export to").fill(day(0));
  await form.getByRole("button", { name: "Export" }).click();
  await expect(page.getByText("An export covers at most 31 days")).toBeVisible();
  if (!jsEnabled(testInfo)) await checkpoint(page, testInfo, "history: export refused");
  // A range older than 12 months: refused with the message too.
  await form.getByLabel("Export from").fill(day(-400));
  await form.getByLabel("Export to").fill(day(-380));
  await form.getByRole("button", { name: "Export" }).click();
  await expect(page.getByText("The history export covers only the last 12 months")).toBeVisible();

  // 31 days as CSV: the Visitors group's rows (the filters carried over), oldest first.
  const csv = await exportAs(page, "CSV", day(-30), day(0));
  expect(csv.suggestedFilename()).toBe(`history-${day(-30)}-to-${day(0)}.csv`);
  const lines = fs.readFileSync((await csv.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe(HEADER);
  expect(lines.length).toBeGreaterThan(2);
  expect(new Set(lines.slice(1).map((l) => l.split(",")[6]))).toEqual(new Set(["Visitors"]));
  const days = lines.slice(1).map((l) => l.slice(0, 10));
  expect([...days].sort()).toEqual(days);
  if (jsEnabled(testInfo)) await expect(page.getByText(`Downloaded history-${day(-30)}-to-${day(0)}.csv`)).toBeVisible();

  // And as XLSX: the same rows.
  if (!jsEnabled(testInfo)) await page.goto(page.url().replace(/&?export=[^&]*/, ""));
  await settled(page, testInfo);
  const xlsx = await exportAs(page, "Excel (XLSX)", day(-30), day(0));
  expect(xlsx.suggestedFilename()).toBe(`history-${day(-30)}-to-${day(0)}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  expect(rows[0]!.join(",")).toBe(HEADER);
  expect(rows.length).toBe(lines.length);
  expect(rows.map((r) => r[3])).toEqual(lines.map((l) => l.split(",")[3]));
});
