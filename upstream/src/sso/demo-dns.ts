/**
 * The demo DNS (ADR 024): a stand-in for a real resolver, served by the upstream at `/demo/dns`.
 * Domain verification looks TXT records up through a DNS-over-HTTPS JSON resolver
 * (`SSO_DNS_RESOLVER_URL`, e.g. `https://dns.google/resolve`); the demo and the tests point it here:
 *
 *   GET  demo/dns/resolve?name&type=TXT   answers as dns.google does: {Status, Answer: [{name, type: 16, TTL, data}]}
 *   GET  demo/dns                         a page listing the published records, with a form to publish one
 *   POST demo/dns                         publish {name, value} (a plain form; at most 20 records a name)
 */
import { normalDomain } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { escapeHtml, htmlPage } from "../http/pages.ts";
import type { Router } from "../http/router.ts";

const TITLE = "Demo DNS";
const MAX_VALUE = 255;

export function registerDemoDns(router: Router, app: App): void {
  router.get("/demo/dns/resolve", async (ctx) => {
    const name = normalDomain(ctx.url.searchParams.get("name") ?? "");
    const type = (ctx.url.searchParams.get("type") ?? "TXT").toUpperCase();
    if (!name) return { status: 400, body: { Status: 1, Comment: "Invalid name." } };
    if (type !== "TXT" && type !== "16") return { body: { Status: 0, Question: [{ name, type: 16 }], Answer: [] } };
    const rows = await app.db.query<{ value: string }>("SELECT value FROM demo_dns_records WHERE lower(name) = $1 ORDER BY id", [name]);
    if (!rows.length) return { body: { Status: 3, Question: [{ name: `${name}.`, type: 16 }] } };
    return {
      body: {
        Status: 0,
        Question: [{ name: `${name}.`, type: 16 }],
        Answer: rows.map((r) => ({ name: `${name}.`, type: 16, TTL: 300, data: `"${r.value.replace(/["\\]/g, "\\$&")}"` })),
      },
    };
  });

  const page = async (message = "", status = 200) => {
    const rows = await app.db.query<{ name: string; value: string }>("SELECT name, value FROM demo_dns_records ORDER BY id DESC LIMIT 50");
    const list = rows.length
      ? `<ul>${rows.map((r) => `<li><code>${escapeHtml(r.name)}</code> TXT <code>${escapeHtml(r.value)}</code></li>`).join("")}</ul>`
      : "<p>No records yet.</p>";
    return htmlPage(
      TITLE,
      `<h1>${TITLE}</h1>
<p>Publish a TXT record, as you would at your DNS host. Gatehouse looks records up here in the demo.</p>
${message ? `<p role="${status >= 400 ? "alert" : "status"}">${escapeHtml(message)}</p>` : ""}
<form method="post" action="/demo/dns">
  <p><label for="name">Name (the domain)</label><br><input id="name" name="name" required maxlength="253"></p>
  <p><label for="value">Value</label><br><input id="value" name="value" required maxlength="${MAX_VALUE}"></p>
  <div class="actions"><button type="submit">Publish</button></div>
</form>
<h2>Published records</h2>
${list}`,
      status,
    );
  };
  router.get("/demo/dns", () => page());
  router.post("/demo/dns", async (ctx) => {
    const form = (await ctx.readBody()) as Record<string, unknown>;
    const name = normalDomain(String(form.name ?? ""));
    const value = String(form.value ?? "").trim();
    if (!name || !value || value.length > MAX_VALUE || /[\u0000-\u001f]/.test(value)) return page("Enter a domain and a value of at most 255 characters.", 400);
    const [{ n }] = await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM demo_dns_records WHERE lower(name) = $1", [name]);
    if (n >= 20) return page("This name has too many records.", 400);
    await app.db.query("INSERT INTO demo_dns_records (name, value) VALUES ($1, $2)", [name, value]);
    return page(`Published ${name} TXT ${value}.`);
  });
}
