/**
 * No visible string escapes translation: every built page, rendered in Japanese, shows no Latin
 * words except data (names, emails, organisation and site names, ids), language names in the
 * picker, and the brand. A string written straight into a component, or a missing key shown as
 * its key, fails here.
 */
import { describe, expect, test } from "vitest";
import { LOCALE_NAMES } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { newClient, signIn, upstreamUrl } from "./helpers";

/** Visible text and the attributes people read (aria-label, title, alt, placeholder). */
function readableText(html: string): string[] {
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<option[\s\S]*?<\/option>/g, " "); // language and site names
  const attrs = [...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]!);
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
  const texts = body.replace(/<[^>]+>/g, "\n").split("\n");
  return [title, ...attrs, ...texts].map((s) => s.replace(/&#x27;|&amp;|&quot;|&lt;|&gt;/g, " ").trim()).filter(Boolean);
}

/** Names of formats, devices and products, and the example address of the message syntax: the same in every language. */
const TECHNICAL = [
  "https://example.com", "QuickTime", "WebP", "JPEG", "PNG", "GIF", "MP4", ".mov", ".mp4", "PDF", "iPad", "PIN",
  "Central Record", "Azure Active Directory", "Azure AD", "Google Workspace", "Brivo", "Wonde", "Slack", "QR",
  // The pre-registration import's file format, size unit, column names and date-time pattern (ADR 019).
  "CSV", "KB", "YYYY-MM-DDTHH:MM", "name", "email", "arrival", "company", "notes", "host", "language",
  "XLSX", "Excel", "UTF-8",
  // Text messages (the account's SMS page, ADR 023).
  "SMS",
  // The client API (the manage landing, ADR 030).
  "API",
];

function englishLeftovers(html: string, allowed: string[]): string[] {
  // Longest first, so a name is removed before a shorter string inside it.
  const allow = [...allowed, "Gatehouse", ...Object.values(LOCALE_NAMES), ...TECHNICAL].filter(Boolean).sort((a, b) => b.length - a.length);
  return readableText(html)
    .map((t) => allow.reduce((s, a) => s.split(a).join(" "), t))
    .filter((t) => /[A-Za-z]{3,}/.test(t.replace(/\S+@\S+/g, "")));
}

/** Every string of an upstream answer (absence types are the client's own words), except the statuses and sources the portal translates. */
function dataStrings(json: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key = "") => {
    if (typeof v === "string") {
      if (["status", "source"].includes(key)) return;
      out.push(v);
      // As readableText leaves it: the escaped characters (quotes, &, <, >) read as spaces.
      if (/['"&<>]/.test(v)) out.push(v.replace(/['"&<>]/g, " "));
      // Rich text (site messages) is shown rendered: its text between tags.
      if (v.includes("<")) out.push(...v.split(/<[^>]+>/).map((t) => t.replace(/&amp;/g, "&").trim()));
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(json);
  // Longest first, so a name is removed before a shorter string inside it.
  return out.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

async function japanese(client: WebClient) {
  client.cookies.set("gh_lng", (await localeCookie.serialize("ja")).split(";")[0]!.split("=")[1]!);
  return client;
}

describe("pages in Japanese show no untranslated text", () => {
  test("anonymous pages, including validation messages", async () => {
    const client = await japanese(new WebClient(newClient().base));
    const pages = [
      (await client.get("/login")).body,
      (await client.post("/login", { email: "" })).body,
      (await client.get("/forgot")).body,
      (await client.post("/forgot", { email: "nope" })).body,
      (await client.get("/reset/abc?email=a%40example.com")).body,
      (await client.get("/terms")).body,
      (await client.post("/login", { email: "admin@example.com" })).body,
      (await client.post("/login", { password: "Wrong-Passw0rd!" })).body,
    ];
    const leftovers = pages.flatMap((html) => englishLeftovers(html, ["admin@example.com"]));
    expect(leftovers).toEqual([]);
  });

  test.each(["admin@example.com", "standard@example.com", "expired@example.com", "multi@example.com", "super@example.com"])("signed-in pages of %s", async (email) => {
    const { config, clients, get } = await upstreamAccess(upstreamUrl(), email);
    const client = await japanese(newClient());
    await signIn(client, email);
    const data = [config.user.name, config.user.email, config.client.name, config.client.global_client_id, config.latest_app_version, ...config.sites.map((s) => s.name), ...config.roles.map((r) => r.name), ...clients.map((c) => c.name), "UTC", "Europe/London"];
    const paths = ["/today", "/my-profile", "/support", "/trial-ended", "/client-switcher", "/manage", "/reports", "/no-such-page"];
    // The Today view and its dialogs show upstream data (people, companies, groups, documents…).
    const site = config.sites[0];
    const today = site ? await get(`sites/${site.id}/visits/today`) : null;
    if (site && today?.visits) {
      data.push(...dataStrings(today));
      paths.push("/today/sign-in", "/today/sign-out-all");
      const member = today.visits.find((v: { member_id: number | null }) => v.member_id !== null) ?? today.visits[0];
      if (member) {
        for (const tab of ["details", "absence", "history", "badge", "documents"]) {
          paths.push(`/today/visits/${member.id}/${tab}`);
          const part = tab === "details" ? "" : `/${tab === "absence" ? "absences" : tab}`;
          data.push(...dataStrings(await get(`visits/${member.id}${part}`)));
        }
      }
      data.push(...dataStrings(await get(`sites/${site.id}/sign-in-options`)));
    }
    // The fire list, evacuation reports and the manage area show upstream data too (people,
    // comments, sites, devices, fields, messages…).
    if (email === "admin@example.com" && site) {
      const evacuations = await get("evacuations");
      const report = evacuations.evacuations?.[0];
      paths.push("/fire-list", "/reports/evacuations");
      data.push(...dataStrings(await get(`sites/${site.id}/fire-list`)), ...dataStrings(evacuations));
      if (report) {
        paths.push(`/reports/evacuations/${report.id}`);
        data.push(...dataStrings(await get(`evacuations/${report.id}`)));
      }
      paths.push("/manage/overview/sites", "/manage/overview/groups", "/manage/overview/events", "/manage/overview/sites/new", "/manage/group/add");
      data.push(...dataStrings(await get("manage/sites?kind=sites")), ...dataStrings(await get("manage/sites?kind=events")), ...dataStrings(await get("manage/groups")));
      const tabs = ["details", "groups", "branding", "messages", "evacuationpoints", "privacy", "customfields", "badges", "features", "devices", "sign-in-points", "settings"];
      for (const tab of tabs) paths.push(`/manage/site/${site.id}/${tab}`);
      for (const part of ["", "/groups", "/evacuation-points", "/custom-fields", "/messages", "/badges", "/devices", "/sign-in-points", "/settings"]) {
        data.push(...dataStrings(await get(`sites/${site.id}${part}`)));
      }
      // One group's tabs (Staff: a returning group with members, fields, a badge, Time & Attendance).
      const staff = (await get("manage/groups?search=Staff")).groups.find((g: { name: string }) => g.name === "Staff");
      for (const tab of ["members", "details", "personal-fields", "sign-in", "sign-out", "badges", "notifications", "companion", "pre-reg", "onboarding", "privacy", "time-and-attendance"]) {
        paths.push(`/manage/group/${staff.id}/${tab}`);
      }
      paths.push(`/manage/group/${staff.id}/members/import`);
      for (const part of ["", "/members", "/personal-fields", "/badge", "/sync"]) data.push(...dataStrings(await get(`groups/${staff.id}${part}`)));
      data.push(...dataStrings(await get("time-and-attendance/managers")));
      // Pre-registration (ADR 019): the list (visitors, sites, groups) and the pre-register dialog (employees, services).
      paths.push("/today/pre-registrations", "/today/pre-register");
      data.push(...dataStrings(await get("pre-registrations")), ...dataStrings(await get("pre-registrations/options")));
      // The account pages (ADR 023): the client's information, plans, add-ons, invoice numbers, referred organisations, the referral link.
      paths.push("/manage/account/info", "/manage/account/password-policy", "/manage/account/sms", "/manage/account/subscriptions", "/manage/account/refer");
      for (const part of ["info", "sms", "billing", "referrals"]) data.push(...dataStrings(await get(`account/${part}`)));
    }
    const leftovers: string[] = [];
    for (const p of paths) {
      const r = await client.get(p);
      // An error page shows the request id for support: data, not words.
      for (const l of englishLeftovers(r.body, [...data, r.res.headers.get("x-request-id") ?? ""])) leftovers.push(`${p}: ${l}`);
    }
    expect(leftovers).toEqual([]);
  });
});
