/**
 * The HTML form driver (tests/support/browser.ts) on fixed HTML: what it reads from a form as a
 * browser without JavaScript would, and what it sends (checked against a small local server).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpBrowser, Page } from "../support/browser";
import { WebClient } from "../support/client";

const FORM = `<!DOCTYPE html><html lang="en"><head><title>Add a site · Gatehouse</title></head><body>
<main>
  <h1>Manage</h1>
  <div role="status" class="notice"><span aria-hidden="true">✓</span> <span>Success:</span> <span>Depot has been added.</span></div>
  <section aria-labelledby="add-heading">
    <h2 id="add-heading">Add a site</h2>
    <form method="post" action="/manage/sites/new" id="site-form" novalidate>
      <input type="hidden" name="csrf" value="abc&amp;def">
      <label for="name">Site name</label>
      <input id="name" name="name" value="" aria-invalid="true" aria-describedby="name-hint name-error" required>
      <p class="hint" id="name-hint">As people know it</p>
      <div id="name-error"><p class="error">A site name is required</p></div>
      <label for="email">Reply-to email</label>
      <input id="email" name="email" type="email" value="not an email">
      <label for="tz">Time zone</label>
      <select id="tz" name="timezone">
        <option value="Europe/London">London</option>
        <option value="Europe/Dublin" selected>Dublin</option>
      </select>
      <label for="lang">Language</label>
      <select id="lang" name="lang"><option value="" disabled>Choose</option><option value="en">English</option><option value="de">German</option></select>
      <label for="notes">Notes</label>
      <textarea id="notes" name="notes">
Line one
Line &lt;two&gt;</textarea>
      <fieldset aria-describedby="type-error"><legend>Type</legend>
        <input type="radio" id="t1" name="type" value="standard" checked><label for="t1">Site</label>
        <input type="radio" id="t2" name="type" value="remote"><label for="t2">Remote site</label>
        <div id="type-error"><p class="error">Choose a type</p></div>
      </fieldset>
      <label><input type="checkbox" name="flags" value="a" checked> Flag A</label>
      <label><input type="checkbox" name="flags" value="b"> Flag B</label>
      <input type="checkbox" name="on" id="on"><label for="on">Default value</label>
      <input name="gone" value="x" disabled aria-label="Disabled field">
      <fieldset disabled><legend><input name="legend-input" value="kept" aria-label="In the legend"></legend><input name="in-disabled-set" value="y" aria-label="In a disabled set"></fieldset>
      <input name="nameless-label" value="q" aria-label="Search “Type”">
      <input type="text" value="no name" aria-label="Unnamed">
      <button type="button" name="not-sent">Preview</button>
      <button name="intent" value="add">Add <span aria-hidden="true">→</span> site</button>
      <button name="intent" value="draft" formaction="/manage/sites/draft" formmethod="post">Save as draft</button>
      <button name="intent" value="off" disabled>Unavailable</button>
    </form>
    <input name="outside" value="joined" form="site-form" aria-label="Outside field">
  </section>
  <form method="get" action="/manage/sites"><label for="q">Search</label><input id="q" name="search" value=""><button>Show</button></form>
  <form method="post" action="/logout" aria-label="Log out form"><button>Log out</button></form>
  <form method="post" enctype="multipart/form-data" action="/upload"><h2>Branding</h2><label for="f">New image</label><input type="file" id="f" name="file"><input type="hidden" name="kind" value="logo"><button>Upload image</button></form>
  <form method="post" action="/required"><label for="r">Required thing</label><input id="r" name="r" required><button>Go</button></form>
  <table><tr><th>Name</th><th>State</th></tr><tr><th scope="row"><a href="/devices/7">Reception iPad</a></th><td>Online</td></tr></table>
  <template><form action="/never"><button>Hidden</button></form></template>
  <div hidden><a href="/secret">Secret</a></div>
</main></body></html>`;

describe("reading a page", () => {
  const page = Page.fromHtml(FORM, "http://portal.test/manage/sites/new");

  test("title, headings, notices, rows, links", () => {
    expect(page.title()).toBe("Add a site · Gatehouse");
    expect(page.lang()).toBe("en");
    expect(page.heading()).toBe("Manage");
    expect(page.headings(2)).toEqual(["Add a site", "Branding"]);
    expect(page.notices()).toEqual(["✓ Success: Depot has been added."]);
    expect(page.row("Reception iPad").text()).toContain("Online");
    expect(page.link("Reception iPad")).toBe("/devices/7");
    expect(page.hasLink("Secret")).toBe(false); // inside a hidden element
    expect(page.forms()).toHaveLength(5); // the <template>'s form is not part of the page
    expect(page.text()).toContain("Depot has been added. Add a site Site name");
    expect(page.has("Secret")).toBe(false);
    expect(page.has("Online")).toBe(true);
  });

  test("field values as the page has them, and error messages through aria-describedby", () => {
    expect(page.field("Site name")).toMatchObject({ value: "", invalid: true, required: true });
    expect(page.fieldErrors("Site name")).toEqual(["A site name is required"]);
    expect(page.description("Site name")).toEqual(["As people know it", "A site name is required"]);
    expect(page.fieldErrors("Reply-to email")).toEqual([]);
    expect(page.field("Time zone").value).toBe("Europe/Dublin");
    // No option selected: the first one that is not disabled.
    expect(page.field("Language").value).toBe("en");
    // One leading newline dropped, entities decoded.
    expect(page.field("Notes").value).toBe("Line one\nLine <two>");
    expect(page.field("Remote site").checked).toBe(false);
    expect(page.field("Flag A").checked).toBe(true);
    expect(page.groupErrors("Type")).toEqual(["Choose a type"]);
    expect(page.field("Disabled field").disabled).toBe(true);
    expect(page.field("In a disabled set").disabled).toBe(true);
    expect(page.field("In the legend").disabled).toBe(false);
  });

  test("labels match exactly first, then as a case-insensitive substring; ambiguity is an error", () => {
    expect(page.field("Site name").name).toBe("name");
    expect(page.field("reply-to").name).toBe("email");
    expect(() => page.field("Flag")).toThrow(/2 fields named Flag/);
    expect(() => page.field("No such label")).toThrow(/no field named No such label/);
  });

  test("finding a form: by its section's heading, a button label, its accessible name or action", () => {
    const site = page.form("Add a site");
    expect(site.actionPath()).toBe("/manage/sites/new");
    expect(page.form("Save as draft").el).toBe(site.el);
    expect(page.form("Log out form").actionPath()).toBe("/logout");
    expect(page.form("Branding").enctype()).toBe("multipart/form-data");
    expect(page.form({ action: "/manage/sites", button: "Show" }).method()).toBe("get");
    expect(() => page.form("Nothing like it")).toThrow(/0 forms match/);
  });

  test("the entries: hidden inputs, ticked boxes, the selected option, the submitter only, disabled left out, form= joined", () => {
    const form = page.form("Add a site");
    expect(form.submitNames()).toEqual(["Add site", "Save as draft", "Unavailable"]);
    expect(form.pairs("Add site")).toEqual([
      ["csrf", "abc&def"],
      ["name", ""],
      ["email", "not an email"],
      ["timezone", "Europe/Dublin"],
      ["lang", "en"],
      ["notes", "Line one\nLine <two>"],
      ["type", "standard"],
      ["flags", "a"],
      ["legend-input", "kept"],
      ["nameless-label", "q"],
      ["intent", "add"],
      ["outside", "joined"],
    ]);
  });

  test("filling by label: text, select by label or value, radio, checkboxes", () => {
    const form = page.form("Add a site");
    form.fill("Site name", "Depot").select("Time zone", "London").select("Language", "de").check("Remote site").uncheck("Flag A").check("Flag B").check("Default value");
    const pairs = form.pairs("Save as draft");
    expect(pairs).toContainEqual(["name", "Depot"]);
    expect(pairs).toContainEqual(["timezone", "Europe/London"]);
    expect(pairs).toContainEqual(["lang", "de"]);
    expect(pairs).toContainEqual(["type", "remote"]);
    expect(pairs.filter(([k]) => k === "type")).toHaveLength(1);
    expect(pairs.filter(([k]) => k === "flags")).toEqual([["flags", "b"]]);
    expect(pairs).toContainEqual(["on", "on"]);
    expect(pairs).toContainEqual(["intent", "draft"]);
    expect(form.actionPath(form.el.children.length ? undefined : undefined)).toBe("/manage/sites/new");
    expect(() => form.fill("Time zone", "x")).toThrow(/not a text field/);
    expect(() => form.fill("Disabled field", "x")).toThrow(/disabled/);
    expect(() => form.select("Time zone", "Tokyo")).toThrow(/options/);
  });

  test("a form without novalidate is not sent while a required field is empty", async () => {
    await expect(page.form("Go").submit()).rejects.toThrow(/required and empty: Required thing/);
  });
});

describe("submitting", () => {
  const seen: { method: string; url: string; type: string; body: string; cookie: string; origin: string; site: string }[] = [];
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, type: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("latin1"), cookie: req.headers.cookie ?? "", origin: req.headers.origin ?? "", site: String(req.headers["sec-fetch-site"] ?? "") });
        if (req.method === "POST" && req.url === "/form") {
          res.writeHead(303, { location: "/done", "set-cookie": "flash=1; Path=/" });
          return res.end();
        }
        if (req.url === "/keep") {
          res.writeHead(307, { location: "/form" });
          return res.end();
        }
        res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "text/html", refresh: req.url === "/done" ? "30" : "" });
        res.end(
          req.url === "/done"
            ? `<title>Done</title><h1>Done</h1><p role="alert">Saved.</p>`
            : `<h1>Form</h1><a href="/missing">Broken</a><form method="post" action="/form"><label for="t">Text</label><textarea id="t" name="t"></textarea><button name="go" value="1">Send</button></form>
               <form method="post" action="/keep" enctype="multipart/form-data"><label for="f">File</label><input type="file" id="f" name="f"><input type="hidden" name="h" value="v"><button>Upload</button></form>
               ${req.url === "/noref" ? `<meta name="referrer" content="no-referrer"><form method="post" action="/keep" enctype="multipart/form-data"><label for="g">Nothing</label><input type="file" id="g" name="g"><button>Upload nothing</button></form>` : ""}`,
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test("urlencoded with CRLF line breaks and the button's pair, a 303 followed as a GET with the cookie", async () => {
    const browser = new HttpBrowser(new WebClient(base));
    const page = await browser.open("/");
    seen.length = 0;
    const done = await page.form("Send").fill("Text", "a\nb & c").submit();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /form", "GET /done"]);
    expect(seen[0]!.type).toBe("application/x-www-form-urlencoded");
    expect(seen[0]!.body).toBe("t=a%0D%0Ab+%26+c&go=1");
    expect(seen[0]!.origin).toBe(base);
    expect(seen[0]!.site).toBe("same-origin");
    expect(seen[1]!.cookie).toBe("flash=1");
    expect(done.heading()).toBe("Done");
    expect(done.title()).toBe("Done");
    expect(done.alerts()).toEqual(["Saved."]);
    expect(done.hops.map((h) => h.status)).toEqual([303]);
    expect(done.path).toBe("/done");
    expect(done.refreshAfter()).toBe(30);
  });

  test("multipart with a file, re-sent as is on a 307; an empty file input sends an empty part", async () => {
    const browser = new HttpBrowser(new WebClient(base));
    const page = await browser.open("/");
    seen.length = 0;
    await page.form("Upload").attach("File", { name: "logo.png", type: "image/png", data: Buffer.from("PNGDATA") }).submit();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /keep", "POST /form", "GET /done"]);
    for (const s of seen.slice(0, 2)) {
      expect(s.type).toMatch(/^multipart\/form-data; boundary=/);
      expect(s.body).toMatch(/name="f"; filename="logo.png"\r\nContent-Type: image\/png\r\n\r\nPNGDATA\r\n/);
      expect(s.body).toMatch(/name="h"\r\n\r\nv\r\n/);
    }
    seen.length = 0;
    await (await browser.open("/noref")).form("Upload nothing").submit();
    const post = seen.find((x) => x.method === "POST")!;
    // A page under a no-referrer policy posts with Origin: null, as Chromium does.
    expect(post.origin).toBe("null");
    expect(post.body).toMatch(/name="g"; filename=""\r\nContent-Type: application\/octet-stream\r\n\r\n\r\n/);
  });

  test("a link is followed, and a page's status is kept", async () => {
    const browser = new HttpBrowser(new WebClient(base));
    const missing = await (await browser.open("/")).click("Broken");
    expect(missing.status).toBe(404);
  });
});
