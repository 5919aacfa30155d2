#!/usr/bin/env node
/**
 * `npm run i18n:check`: per locale and namespace, the keys missing against en_GB (the source of
 * keys) and the keys no locale should have (unknown to en_GB); per namespace, the en_GB keys that no
 * code names (unused). Exits 1 when anything is listed.
 *
 * A key counts as named when the code holds it as a string ("a.b", "ns:a.b", in a `t()` call, a
 * schema, a notice or a known-message table), when a template names its branch (`t(\`a.${x}\`)`,
 * `"ns:a."`: every key under `a.` counts), or when a key of en_GB names another (`$t(a.b)`
 * nesting). Plural forms count by their base.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const localesDir = path.join(root, "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (k) => k.replace(PLURAL, "");

function flatten(obj, prefix = "", out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v, key, out);
    else out[key] = String(v);
  }
  return out;
}
const load = (locale, ns) => {
  const file = path.join(localesDir, locale, `${ns}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, "utf8"))) : null;
};

const locales = fs.readdirSync(localesDir).filter((d) => fs.statSync(path.join(localesDir, d)).isDirectory()).sort();
const namespaces = fs.readdirSync(path.join(localesDir, "en_GB")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();

function sources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const code = [...sources(path.join(root, "app")), ...sources(path.join(root, "upstream", "contract"))].map((f) => fs.readFileSync(f, "utf8")).join("\n");

// Every string literal's text, and every template's static head, each read on its own (a stray
// quote in a comment then costs nothing): over-counting only makes a key look used.
const named = new Set();
const branches = new Set();
const keyish = (text) => {
  const head = text.split("|")[0]; // "ns:key|{values}": a notice with its values
  const bare = head.includes(":") ? head.slice(head.indexOf(":") + 1) : head;
  return /^[A-Za-z0-9_.-]+$/.test(bare) ? bare : null;
};
for (const re of [/"([^"\\\n]*)"/g, /'([^'\\\n]*)'/g, /`([^`\\$\n]*)`/g]) {
  for (const m of code.matchAll(re)) {
    const bare = keyish(m[1]);
    if (!bare) continue;
    if (bare.endsWith(".")) branches.add(bare);
    else named.add(bare);
  }
}
for (const m of code.matchAll(/`([^`\\$\n]*)\$\{/g)) {
  const bare = keyish(m[1]);
  if (bare !== null) branches.add(bare.replace(/[^.]*$/, ""));
}

let problems = 0;
const report = [];
for (const ns of namespaces) {
  const source = load("en_GB", ns);
  const sourceBases = new Set(Object.keys(source).map(base));
  // Keys named by other keys of the source ($t(key) or $t(ns:key) nesting).
  const nested = new Set(Object.values(source).flatMap((v) => [...v.matchAll(/\$t\((?:\w+:)?([\w.-]+)/g)].map((m) => m[1])));
  // A dotted name that is a branch ("api_clients.messages", joined to its namespace at run time)
  // names every key under it; a failure's key names its "_reason" twin (action-result.server.ts).
  const direct = (k) => named.has(k) || nested.has(k) || [...branches].some((b) => b && k.startsWith(b)) || [...named].some((n) => n.includes(".") && k.startsWith(`${n}.`));
  const used = (k) => direct(k) || (k.endsWith("_reason") && direct(k.slice(0, -"_reason".length)));
  const unused = [...sourceBases].filter((k) => !used(k));
  if (unused.length) report.push(`en_GB/${ns}: ${unused.length} unused: ${unused.join(", ")}`);
  problems += unused.length;
  for (const locale of locales.filter((l) => l !== "en_GB")) {
    const target = load(locale, ns);
    if (!target) {
      report.push(`${locale}/${ns}: file missing`);
      problems++;
      continue;
    }
    const targetBases = new Set(Object.keys(target).map(base));
    const missing = [...sourceBases].filter((k) => !targetBases.has(k));
    const unknown = [...targetBases].filter((k) => !sourceBases.has(k));
    if (missing.length) report.push(`${locale}/${ns}: ${missing.length} missing: ${missing.join(", ")}`);
    if (unknown.length) report.push(`${locale}/${ns}: ${unknown.length} unknown to en_GB: ${unknown.join(", ")}`);
    problems += missing.length + unknown.length;
  }
}
for (const line of report) console.log(line);
console.log(`i18n:check: ${locales.length} locales × ${namespaces.length} namespaces, ${problems === 0 ? "nothing missing or unused" : `${problems} problem(s)`}`);
process.exit(problems === 0 ? 0 : 1);
