/**
 * The pure parts of the custom fields, messages and features tabs: the message syntax to
 * sanitised HTML and back, the custom field rules in the user's language, favourites, and the
 * on-site report rows.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { htmlToRichText, isBlankHtml, messageContentHtml, sanitizeMessageHtml } from "~/features/manage/rich-text.server";
import { featuresSchema, keptSchedules, REPORT_TIMES } from "~/features/manage/site-tabs";
import { customFieldSchema, favouritesSchema } from "~/routes/_app.manage.site.$siteId.customfields/schema";
import { movedOrder } from "~/forms/row-changes.server";

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe("message text", () => {
  test("paragraphs, line breaks, bold, italic, lists and links become the allow-listed HTML", () => {
    const html = messageContentHtml("Welcome to **Head Office**.\nSign in at _reception_.\n\n- Wear your badge\n- Stay with your host\n\n1. First\n2. Second\n\nSee [our rules](https://acme.example.com/rules).");
    expect(html).toBe(
      '<p>Welcome to <strong>Head Office</strong>.<br />Sign in at <em>reception</em>.</p><ul><li>Wear your badge</li><li>Stay with your host</li></ul><ol><li>First</li><li>Second</li></ol><p>See <a href="https://acme.example.com/rules">our rules</a>.</p>',
    );
  });

  test("scripts, styles, handlers and unsafe links are removed; simple HTML typed is kept", () => {
    const html = messageContentHtml('**Bold** <script>alert("x")</script><style>p{}</style> <img src=x onerror=alert(1)> <em onclick="x()">ok</em> [bad](javascript:alert(1)) <a href="javascript:alert(1)">link</a> <a href="//evil.example">rel</a>');
    expect(html).not.toMatch(/<script|alert\("x"\)|<style|<img|onerror|onclick|href="javascript|evil/i);
    expect(html.match(/<a /g)).toBeNull();
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain("<em>ok</em>");
    expect(html).toContain("[bad](javascript:alert(1))");
    expect(html).toContain(" link ");
  });

  test("only a script is blank", () => {
    expect(isBlankHtml(messageContentHtml("<script>alert(1)</script>"))).toBe(true);
    expect(isBlankHtml(messageContentHtml("<p> </p>"))).toBe(true);
    expect(isBlankHtml(messageContentHtml("Hi"))).toBe(false);
  });

  test("a saved message comes back in the same syntax, and saving that again changes nothing", () => {
    const seed = '<p>Welcome. In an emergency, leave by the <strong>nearest exit</strong> &amp; go to <b>Car park A</b>.</p><ul><li>Wear your visitor badge at all times.</li><li>Stay with your host.</li></ul><h2>More</h2><p>Line<br>break <a href="mailto:desk@acme.example.com">mail us</a></p>';
    const text = htmlToRichText(seed);
    expect(text).toBe(
      "Welcome. In an emergency, leave by the **nearest exit** & go to **Car park A**.\n\n- Wear your visitor badge at all times.\n- Stay with your host.\n\nMore\n\nLine\nbreak [mail us](mailto:desk@acme.example.com)",
    );
    const saved = messageContentHtml(text);
    expect(htmlToRichText(saved)).toBe(text);
    expect(sanitizeMessageHtml(saved)).toBe(saved);
  });
});

describe("custom field form", () => {
  test("a dropdown needs options, unique ones; its default and reject options must be among them", () => {
    const bad = parseWithZod(form([["type", "dropdown"], ["label", "Visitor type"], ["options", " \n"]]), { schema: customFieldSchema });
    expect(bad.status).toBe("error");
    expect(bad.reply().error?.options).toEqual(["sites:customfields.validation.options_required"]);
    const dup = parseWithZod(form([["type", "checkboxes"], ["label", "Needs"], ["options", "Parking\nparking"]]), { schema: customFieldSchema });
    expect(dup.reply().error?.options).toEqual(["sites:customfields.validation.options_unique"]);
    const reject = parseWithZod(form([["type", "dropdown"], ["label", "T"], ["options", "A\nB"], ["default_option", "C"], ["reject_options", "A"]]), { schema: customFieldSchema });
    expect(reject.reply().error).toMatchObject({ default_option: ["sites:customfields.validation.default_not_option"], reject_message: ["sites:customfields.validation.reject_message_required"] });
    const ok = parseWithZod(form([["type", "dropdown"], ["label", "Visitor type"], ["options", "Contractor\n\nGuest\n"], ["required", "on"], ["group_ids", "3"], ["group_ids", "3"]]), { schema: customFieldSchema });
    expect(ok.status).toBe("success");
  });

  test("signatures cannot go on the evacuation list; a checkbox is 'on' or absent", () => {
    const sig = parseWithZod(form([["type", "signature"], ["label", "Sign here"], ["show_on_evacuation_list", "on"]]), { schema: customFieldSchema });
    expect(sig.reply().error?.show_on_evacuation_list).toEqual(["sites:customfields.validation.evacuation_not_allowed"]);
    const odd = parseWithZod(form([["type", "text"], ["label", "Company"], ["required", "yes please"]]), { schema: customFieldSchema });
    expect(odd.status).toBe("error");
  });

  test("at most 4 favourites", () => {
    expect(parseWithZod(form(["1", "2", "3", "4"].map((id) => ["field_ids", id])), { schema: favouritesSchema }).status).toBe("success");
    const five = parseWithZod(form(["1", "2", "3", "4", "5"].map((id) => ["field_ids", id])), { schema: favouritesSchema });
    expect(five.reply().error?.field_ids).toEqual(['sites:customfields.validation.favourites_max|{"count":4}']);
    expect(parseWithZod(form([]), { schema: favouritesSchema }).status).toBe("success");
  });

  test("moving a row gives the full order", () => {
    expect(movedOrder([4, 5, 6], 5, "up")).toEqual([5, 4, 6]);
    expect(movedOrder([4, 5, 6], 5, "down")).toEqual([4, 6, 5]);
    expect(movedOrder([4, 5, 6], 4, "up")).toEqual([4, 5, 6]);
    expect(movedOrder([4, 5, 6], 9, "up")).toBeNull();
    expect(() => movedOrder([4, 5, 6], 5, "sideways")).toThrow();
  });
});

describe("on-site reports", () => {
  test("times every 10 minutes; empty and removed rows are left out; times unique; email lists valid", () => {
    expect(REPORT_TIMES).toHaveLength(144);
    expect(REPORT_TIMES.slice(0, 2)).toEqual(["00:00", "00:10"]);
    const rows = (r: [string, string, boolean?][]) =>
      form(r.flatMap(([time, emails, remove], i) => [[`schedules[${i}].time`, time], [`schedules[${i}].emails`, emails], ...(remove ? [[`schedules[${i}].remove`, "on"] as [string, string]] : [])]));
    const ok = parseWithZod(rows([["09:00", "A@x.com, b@y.org"], ["", ""], ["17:30", "c@z.com", true]]), { schema: featuresSchema });
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(keptSchedules(ok.value)).toEqual([{ row: 0, time: "09:00", emails: "a@x.com, b@y.org" }]);
    const dup = parseWithZod(rows([["09:00", "a@x.com"], ["09:00", "not an email"], ["09:05", "a@x.com"]]), { schema: featuresSchema });
    expect(dup.reply().error).toMatchObject({
      "schedules[1].time": ["sites:features.validation.report_time_unique"],
      "schedules[1].emails": ["sites:features.validation.emails"],
      "schedules[2].time": ["sites:features.validation.report_time_step"],
    });
  });

  test("a location is all three values or none; the geofence needs one; the radius has bounds", () => {
    const f = (e: [string, string][]) => parseWithZod(form(e), { schema: featuresSchema }).reply().error ?? {};
    expect(f([["geofence_sign_in", "on"]])).toMatchObject({ geofence_sign_in: ["sites:features.validation.geofence_location"] });
    expect(f([["lat", "51.5"], ["lng", "-0.12"], ["radius", "20"]])).toMatchObject({ radius: ['sites:features.validation.radius|{"min":50,"max":10000}'] });
    expect(f([["lat", "91"], ["lng", "x"], ["radius", "100"]])).toMatchObject({ lat: ["sites:features.validation.lat"], lng: ["sites:features.validation.lng"] });
    expect(f([["lat", "51.5"], ["lng", "-0.12"], ["radius", "100"], ["geofence_sign_out", "on"]])).toEqual({});
  });
});
