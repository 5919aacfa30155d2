/**
 * Every translation key the code names exists in en_GB (and so, by i18n.test.ts, in every locale):
 * `t("key")` in a file resolves in that file's namespace (`useTranslation("ns")`, else common; the
 * server's `translator(request, "ns")` in the same file names the same one), and a
 * qualified "ns:key" anywhere (schemas, notices, known messages) resolves in its namespace. A key
 * built at run time (`t(\`site_type.${type}\`)`) must at least name an existing branch.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { NAMESPACES } from "~/i18n/config";

const root = path.resolve(import.meta.dirname, "../..");
const PLURAL = /_(zero|one|two|few|many|other)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}
const source = Object.fromEntries(
  NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(root, "locales/en_GB", `${ns}.json`), "utf8"))]),
) as Record<string, unknown>;

/** Does `key` (or, ending in ".", the branch it starts) exist in `ns`? Plural keys count by their base. */
function exists(ns: string, key: string): boolean {
  let node: unknown = source[ns];
  const parts = key.split(".");
  const branch = key.endsWith(".");
  if (branch) parts.pop();
  for (const [i, part] of parts.entries()) {
    if (!node || typeof node !== "object") return false;
    const obj = node as Record<string, unknown>;
    if (part in obj) node = obj[part];
    else if (i === parts.length - 1 && !branch && Object.keys(obj).some((k) => PLURAL.test(k) && k.replace(PLURAL, "") === part)) return true;
    else return false;
  }
  return branch ? typeof node === "object" : typeof node === "string";
}

const NS = NAMESPACES.join("|");
const appFiles = files(path.join(root, "app"));

describe("translation keys named in app/ exist in en_GB", () => {
  test.each(appFiles.map((f) => [path.relative(root, f), f]))("%s", (_name, file) => {
    const src = fs.readFileSync(file, "utf8");
    const missing: string[] = [];
    const check = (ns: string, key: string) => {
      if (!exists(ns, key)) missing.push(`${ns}:${key}`);
    };
    // qualified keys anywhere: "ns:a.b", `ns:a.${x}` (the static part must be a branch)
    for (const m of src.matchAll(new RegExp(`["'\`](${NS}):([A-Za-z0-9_.\\-]+?)(\\$\\{|["'\`|])`, "g"))) {
      const [, ns, key, end] = m;
      check(ns!, end === "${" ? key!.replace(/[^.]*$/, "") : key!);
    }
    // the file's own t("key") calls
    const own = src.match(/useTranslation\(\s*"([\w-]+)"/)?.[1] ?? src.match(/\btranslator\(\s*request\s*,\s*"([\w-]+)"/)?.[1] ?? "common";
    const several = new Set([...src.matchAll(/useTranslation\(\s*(?:"([\w-]+)")?/g)].map((m) => m[1] ?? "common"));
    if (several.size > 1) return; // more than one namespace in a file: only qualified keys are checked
    // The server's translator in the same file reads the same namespace, so `t("…")` means one thing here.
    for (const m of src.matchAll(/\btranslator\(\s*request\s*(?:,\s*"([\w-]+)")?\s*\)/g)) expect(m[1] ?? "common", `${file}: translator(request, "${own}")`).toBe(own);
    for (const m of src.matchAll(/\bt\(\s*["'`]([A-Za-z0-9_.\-]+)(\$\{|["'`])/g)) {
      const [, key, end] = m;
      check(own, end === "${" ? key!.replace(/[^.]*$/, "") : key!);
    }
    expect(missing).toEqual([]);
  });
});
