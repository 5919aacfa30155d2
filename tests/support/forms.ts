/**
 * A tiny HTML form driver for integration tests: reads every <form> of a page as a browser would
 * (method, action, enctype, the current values of its inputs, textareas and selects, its named
 * submit buttons), so a test can submit it as it is or with one field changed.
 */
import { decodeEntities } from "./client";

export interface FormField {
  name: string;
  /** input type ("text", "hidden", "checkbox", …), "textarea" or "select". */
  kind: string;
  value: string;
  /** For checkboxes and radios: ticked. */
  checked?: boolean;
}

export interface PageForm {
  method: "get" | "post";
  /** As written in the page (relative to the page's URL when empty). */
  action: string;
  multipart: boolean;
  fields: FormField[];
  /** Named submit buttons (intents): name and value. */
  submits: { name: string; value: string }[];
}

const attr = (tag: string, name: string): string | undefined => {
  const m = tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? "") : undefined;
};
const has = (tag: string, name: string) => new RegExp(`\\s${name}(?:[\\s=/>]|$)`, "i").test(tag);

/** Every form of a page. */
export function parseForms(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const open = ` ${m[1]}`;
    const inner = m[2]!;
    const fields: FormField[] = [];
    const submits: { name: string; value: string }[] = [];
    for (const el of inner.matchAll(/<(input|button)\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      if (el[1]) {
        const tag = ` ${el[2]}`;
        const name = attr(tag, "name");
        const type = (attr(tag, "type") ?? (el[1].toLowerCase() === "button" ? "submit" : "text")).toLowerCase();
        if (has(tag, "disabled")) continue;
        if (type === "submit" || type === "image") {
          if (name) submits.push({ name, value: attr(tag, "value") ?? "" });
          continue;
        }
        if (!name || type === "button" || type === "reset") continue;
        fields.push({ name, kind: type, value: attr(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""), checked: has(tag, "checked") });
      } else if (el[3] !== undefined) {
        const tag = ` ${el[3]}`;
        const name = attr(tag, "name");
        if (name && !has(tag, "disabled")) fields.push({ name, kind: "textarea", value: decodeEntities((el[4] ?? "").replace(/^\n/, "")) });
      } else {
        const tag = ` ${el[5]}`;
        const name = attr(tag, "name");
        if (!name || has(tag, "disabled")) continue;
        const options = [...(el[6] ?? "").matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)].map((o) => ({
          value: attr(` ${o[1]}`, "value") ?? decodeEntities(o[2]!.replace(/<[^>]+>/g, "").trim()),
          selected: has(` ${o[1]}`, "selected"),
        }));
        const chosen = options.find((o) => o.selected) ?? options[0];
        if (chosen) fields.push({ name, kind: "select", value: chosen.value });
      }
    }
    forms.push({
      method: (attr(open, "method") ?? "get").toLowerCase() === "post" ? "post" : "get",
      action: attr(open, "action") ?? "",
      multipart: (attr(open, "enctype") ?? "").toLowerCase() === "multipart/form-data",
      fields,
      submits,
    });
  }
  return forms;
}

/** The pairs a browser would send for a form (unticked boxes left out, file inputs left out), with one submit button. */
export function formPairs(form: PageForm, submit?: { name: string; value: string }): [string, string][] {
  const pairs: [string, string][] = [];
  for (const f of form.fields) {
    if ((f.kind === "checkbox" || f.kind === "radio") && !f.checked) continue;
    if (f.kind === "file") continue;
    pairs.push([f.name, f.value]);
  }
  if (submit) pairs.push([submit.name, submit.value]);
  return pairs;
}

/** Field kinds a person types text into. */
export const TEXT_KINDS = new Set(["text", "email", "search", "tel", "url", "password", "textarea", "number", "date", "time", "datetime-local"]);
