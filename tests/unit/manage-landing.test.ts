/**
 * The /manage landing's sections (platform §2; ADR 030): each listed only when one of its pages
 * has a screen and the context may open it, linking to the first such page; never a page that is
 * not built or always denied (health certificates).
 */
import { describe, expect, test } from "vitest";
import { RIGHTS } from "~/access/rights";
import type { AccessContext } from "~/access/rules";
import { openSections, SECTIONS } from "~/routes/_app.manage._index/sections";
import { opensScreen } from "~/access/outcome";

const ALL = new Set<string>(RIGHTS.filter((r) => r !== "Super.clientUser.create"));
const base: AccessContext = {
  signedIn: true, isSuper: false, isPrimary: false, isBilling: false, expired: false, onTrial: false, reseller: false,
  abilities: new Set(), roles: new Set(), flags: new Set(), schedulingStatus: "activated", centralRecordEnabled: false,
  spacesEnabled: true, anySiteHasSpace: true, clientCount: 1,
};
const admin: AccessContext = { ...base, abilities: ALL, roles: new Set(["Administrator"]), flags: new Set(["time-and-attendance", "time-and-attendance-discovered"]) };
const paths = (c: AccessContext) => openSections(c).map((s) => s.path);

describe("the manage landing", () => {
  test("the twelve sections of platform §2 are all in the list (rotas and closure periods on one page)", () => {
    const pages = SECTIONS.flatMap((s) => s.pages);
    for (const p of ["/manage/overview/sites", "/manage/overview/events", "/manage/overview/groups", "/manage/safety-check/block-list", "/manage/features/api-clients", "/manage/features/forms", "/manage/features/notifications", "/manage/account/users", "/manage/addons/time-and-attendance", "/manage/addons/spaces", "/manage/safety-check/health-certificates"]) {
      expect(pages, p).toContain(p);
    }
  });

  test("an administrator: every built section, each linking to a page that opens", () => {
    const open = paths(admin);
    expect(open).toEqual(expect.arrayContaining(["/manage/overview/sites", "/manage/overview/events", "/manage/overview/groups", "/manage/features/api-clients", "/manage/features/forms", "/manage/account/users", "/manage/account/audit-log"]));
    for (const p of open) expect(opensScreen(p, admin), p).toBe(true);
    expect(open).not.toContain("/manage/safety-check/health-certificates");
  });

  test("one right, one section; none for a Standard User; an expired client's active-only sections go", () => {
    expect(paths({ ...base, abilities: new Set(["ManageForm.viewer"]) })).toEqual(["/manage/features/forms"]);
    expect(paths({ ...base, abilities: new Set(["ManageClientApi.viewer"]) })).toEqual(["/manage/features/api-clients"]);
    expect(paths({ ...base, abilities: new Set(["History.viewer", "EvacList.viewer"]) })).toEqual([]);
    const expired = paths({ ...admin, expired: true, onTrial: true });
    expect(expired).not.toContain("/manage/features/api-clients");
    expect(expired).not.toContain("/manage/features/forms");
  });
});
