import { describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES as M, isRetiredTeamsConnector } from "../../contract/index.ts";
import { checkFilters, checkRecipients, checkSecret, checkSubject, checkUrlShape, newWebhookSecret, validSecret, type Problems } from "./rules.ts";

const problems = (fn: (p: Problems) => unknown) => {
  const p: Problems = {};
  const value = fn(p);
  return { p, value };
};

describe("notification validation (groups spec §5, ADR 028)", () => {
  it("an email notification needs at least one valid email", () => {
    expect(problems((p) => checkRecipients("email", [" ", ""], "GB", p)).p).toEqual({ recipients: [M.email] });
    expect(problems((p) => checkRecipients("email", ["a@b.example", "nope"], "GB", p)).p).toEqual({ recipients: [M.invalidEmail] });
    const ok = problems((p) => checkRecipients("email", ["Reception@Acme.example", "reception@acme.example"], "GB", p));
    expect(ok.p).toEqual({});
    expect(ok.value).toEqual(["reception@acme.example"]);
  });

  it("SMS and phone need a valid number, stored E.164", () => {
    expect(problems((p) => checkRecipients("sms", [], "GB", p)).p).toEqual({ recipients: [M.phone] });
    expect(problems((p) => checkRecipients("phone", ["12"], "GB", p)).p).toEqual({ recipients: [M.invalidPhone] });
    const ok = problems((p) => checkRecipients("sms", ["07911 123456", "+44 7911 123457"], "GB", p));
    expect(ok.p).toEqual({});
    expect(ok.value).toEqual(["+447911123456", "+447911123457"]);
  });

  it("at most 50 recipients; Slack needs a channel; Teams and webhooks have none", () => {
    expect(problems((p) => checkRecipients("email", Array.from({ length: 51 }, (_, i) => `a${i}@b.example`), "GB", p)).p).toEqual({ recipients: [M.tooManyRecipients] });
    expect(problems((p) => checkRecipients("slack", [], "GB", p)).p).toEqual({ recipients: [M.slackChannelRequired] });
    expect(problems((p) => checkRecipients("webhook", ["x"], "GB", p)).value).toEqual([]);
  });

  it("Teams needs a Workflows URL; retired Office 365 connectors are refused", () => {
    expect(problems((p) => checkUrlShape("teams", "", p)).p).toEqual({ url: [M.teamsUrl] });
    expect(problems((p) => checkUrlShape("teams", "https://acme.webhook.office.com/webhookb2/abc@def/IncomingWebhook/x/y", p)).p).toEqual({ url: [M.teamsConnector] });
    expect(problems((p) => checkUrlShape("teams", "https://outlook.office.com/webhook/abc/IncomingWebhook/x", p)).p).toEqual({ url: [M.teamsConnector] });
    expect(problems((p) => checkUrlShape("teams", "https://prod-01.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x", p)).p).toEqual({});
    expect(problems((p) => checkUrlShape("teams", "https://default1.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/x", p)).p).toEqual({});
    expect(isRetiredTeamsConnector("https://example.com/webhookb2")).toBe(false);
  });

  it("a webhook needs an http(s) URL without credentials, at most 2,000 characters", () => {
    expect(problems((p) => checkUrlShape("webhook", null, p)).p).toEqual({ url: [M.webhookUrl] });
    expect(problems((p) => checkUrlShape("webhook", "ftp://example.com/x", p)).p).toEqual({ url: [M.url] });
    expect(problems((p) => checkUrlShape("webhook", "not a url", p)).p).toEqual({ url: [M.url] });
    expect(problems((p) => checkUrlShape("webhook", "https://user:pw@example.com/x", p)).p).toEqual({ url: [M.urlCredentials] });
    expect(problems((p) => checkUrlShape("webhook", `https://example.com/${"a".repeat(2000)}`, p)).p).toEqual({ url: [M.urlTooLong] });
    expect(problems((p) => checkUrlShape("email", "https://example.com", p)).value).toBeNull();
  });

  it("a webhook needs a secret: generated (whsec_, 32 bytes), typed (valid), or the stored one", () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_/);
    expect(Buffer.from(s.slice(6), "base64")).toHaveLength(32);
    expect(validSecret(s)).toBe(true);
    expect(problems((p) => checkSecret("webhook", {}, null, p)).p).toEqual({ secret: [M.webhookSecret] });
    expect(problems((p) => checkSecret("webhook", { secret: "whsec_short" }, null, p)).p).toEqual({ secret: [M.secretFormat] });
    expect(problems((p) => checkSecret("webhook", { secret: null }, s, p)).value).toEqual({ secret: s, generated: false });
    expect((problems((p) => checkSecret("webhook", { generate_secret: true }, s, p)).value as { generated: boolean }).generated).toBe(true);
    expect(problems((p) => checkSecret("email", { secret: s }, null, p)).value).toEqual({ secret: null, generated: false });
  });

  it("the subject is at most 200 characters on one line", () => {
    expect(problems((p) => checkSubject("a".repeat(201), p)).p).toEqual({ subject: [M.subject] });
    expect(problems((p) => checkSubject("Hi\r\nBcc: x@y.example", p)).p).toEqual({ subject: [M.subject] });
    expect(problems((p) => checkSubject("  ", p)).value).toBeNull();
  });

  it("filters: a known field or custom field label, a value unless empty/not-empty, at most 10", () => {
    expect(problems((p) => checkFilters([{ field: "company", operator: "equals", value: "" }], [], p)).p).toEqual({ filters: [M.filterValue] });
    expect(problems((p) => checkFilters([{ field: "shoe_size", operator: "equals", value: "9" }], [], p)).p).toEqual({ filters: [M.filterField] });
    const ok = problems((p) => checkFilters([{ field: "custom:Car registration", operator: "is_empty", value: "x" }], ["Car registration"], p));
    expect(ok.p).toEqual({});
    expect(ok.value).toEqual([{ field: "custom:Car registration", operator: "is_empty", value: "" }]);
    const many = Array.from({ length: 11 }, () => ({ field: "company", operator: "contains" as const, value: "x" }));
    expect(problems((p) => checkFilters(many, [], p)).p).toEqual({ filters: [M.tooManyFilters] });
  });
});
