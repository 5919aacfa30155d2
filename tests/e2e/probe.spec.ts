import { checkpoint, expect, heading, openUserMenu, signIn, test } from "./fixtures";
test("probe timing", async ({ page }, testInfo) => {
  let t = Date.now(); const lap = (l: string) => { console.log(testInfo.project.name, l, Date.now() - t); t = Date.now(); };
  await page.goto("/login"); lap("goto");
  await checkpoint(page, testInfo); lap("checkpoint");
  await checkpoint(page, testInfo); lap("checkpoint2");
  await signIn(page, testInfo, "admin@example.com"); lap("signin");
  await expect(heading(page)).toHaveText("Today"); lap("today");
  await checkpoint(page, testInfo); lap("checkpoint today");
  await openUserMenu(page); lap("menu");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible(); lap("logout");
});
