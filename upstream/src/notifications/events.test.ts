/** Pure rules of notification delivery: filter matching (all / any, operators, custom fields), the payload, the backoff schedule, the Teams card. */
import { describe, expect, it } from "vitest";
import { backoffMs, DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BASE_MS, retrySchedule } from "./delivery.ts";
import { filterMatches, filtersMatch, payloadOf, visitEvent, type EventFields } from "./events.ts";
import { eventText } from "./channels/text.ts";
import { teamsMessage } from "./channels/teams.ts";
import { signedHeaders } from "./channels/webhook.ts";
import { Webhook } from "standardwebhooks";

const fields: EventFields = { visitor_name: "Ada Lovelace", company: "Analytical Engines", host: null, group: "Visitors", site: "Head Office", custom: { "Car registration": "AB12 CDE" } };

describe("filters", () => {
  it.each([
    [{ field: "visitor_name", operator: "equals", value: "ada lovelace" }, true],
    [{ field: "visitor_name", operator: "equals", value: "Ada" }, false],
    [{ field: "company", operator: "contains", value: "ENGINE" }, true],
    [{ field: "company", operator: "not_equals", value: "Analytical Engines" }, false],
    [{ field: "site", operator: "starts_with", value: "head" }, true],
    [{ field: "host", operator: "is_empty", value: "" }, true],
    [{ field: "host", operator: "is_not_empty", value: "" }, false],
    [{ field: "group", operator: "is_not_empty", value: "" }, true],
    [{ field: "custom:car registration", operator: "starts_with", value: "ab12" }, true],
    [{ field: "custom:Unknown", operator: "is_empty", value: "" }, true],
    [{ field: "custom:Unknown", operator: "equals", value: "x" }, false],
    [{ field: "nonsense", operator: "equals", value: "" }, true],
    [{ field: "company", operator: "regex", value: ".*" }, false],
  ] as const)("%o → %s", (f, want) => expect(filterMatches(fields, f as never)).toBe(want));

  it("all needs every filter, any one of them; no filters match everything", () => {
    const yes = { field: "company", operator: "contains", value: "engines" } as const;
    const no = { field: "host", operator: "equals", value: "Grace" } as const;
    expect(filtersMatch(fields, [yes, no], "all")).toBe(false);
    expect(filtersMatch(fields, [yes, no], "any")).toBe(true);
    expect(filtersMatch(fields, [no], "any")).toBe(false);
    expect(filtersMatch(fields, [], "all")).toBe(true);
    expect(filtersMatch(fields, [], "any")).toBe(true);
  });
});

describe("the payload", () => {
  it("type, timestamp and data of a visit event; test only when it is one", () => {
    const e = visitEvent("sign_in", {
      id: 7, site_id: 1, group_id: 2, client_id: 3, name: "Ada", company: "AE", host: "Grace", status: "signed_in", source: "kiosk",
      signed_in_at: "2026-01-02T03:04:05Z", signed_out_at: null, badge_number: "0007", fields: [{ label: "Car", value: "X1" }], group_name: "Visitors", site_name: "Head Office",
    });
    expect(e.fields).toMatchObject({ visitor_name: "Ada", company: "AE", host: "Grace", group: "Visitors", site: "Head Office", custom: { Car: "X1" } });
    const p = payloadOf({ ...e, at: new Date("2026-01-02T03:04:05Z") });
    expect(p).toEqual({
      type: "visit.signed_in",
      timestamp: "2026-01-02T03:04:05.000Z",
      data: {
        visit: { id: 7, name: "Ada", company: "AE", host: "Grace", status: "signed_in", source: "kiosk", signed_in_at: "2026-01-02T03:04:05.000Z", signed_out_at: null, badge_number: "0007", fields: [{ label: "Car", value: "X1" }] },
        site: { id: 1, name: "Head Office" },
        group: { id: 2, name: "Visitors" },
      },
    });
    expect(payloadOf({ ...e, test: true }).test).toBe(true);
    expect(eventText(p)).toBe("Ada (AE) signed in at Head Office (Visitors) to see Grace.");
    expect(eventText({ ...p, test: true })).toBe("[Test] Ada (AE) signed in at Head Office (Visitors) to see Grace.");
  });

  it("a Teams message is an Adaptive Card attachment", () => {
    const m = teamsMessage("Ada signed in.", "Gatehouse");
    expect(m.type).toBe("message");
    expect(m.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(m.attachments[0].content).toMatchObject({ type: "AdaptiveCard", body: [{ text: "Gatehouse" }, { text: "Ada signed in." }] });
  });

  it("webhook headers verify with standardwebhooks, and only with the secret", () => {
    const secret = `whsec_${Buffer.from("unit-test-secret-0123456789abcdef").toString("base64")}`;
    const body = JSON.stringify({ type: "visit.signed_in" });
    const h = signedHeaders(secret, "msg_abc", body);
    expect(h["webhook-id"]).toBe("msg_abc");
    expect(h["webhook-signature"]).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, h)).toEqual({ type: "visit.signed_in" });
    expect(() => new Webhook(secret).verify(`${body} `, h)).toThrow();
  });
});

describe("backoff", () => {
  it("by default 6 attempts: waits of 30 s, 1, 2, 4, 8 minutes (over 10 minutes in all)", () => {
    const waits = retrySchedule(DEFAULT_RETRY_BASE_MS, DEFAULT_MAX_ATTEMPTS);
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10 * 60_000);
    expect(DEFAULT_MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
  });

  it("jitter only adds (0–20 %), so the schedule never shrinks", () => {
    expect(backoffMs(1, 1000, () => 0)).toBe(1000);
    expect(backoffMs(1, 1000, () => 0.999)).toBe(1200);
    expect(backoffMs(4, 200, () => 0.5)).toBe(1760);
    for (let i = 0; i < 50; i++) {
      const w = backoffMs(3, 30_000);
      expect(w).toBeGreaterThanOrEqual(120_000);
      expect(w).toBeLessThanOrEqual(144_000);
    }
  });
});
