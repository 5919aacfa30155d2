/**
 * An HTML form driver for integration tests: a browser without JavaScript, over plain HTTP.
 *
 * It fetches a page, parses it with a real HTML parser (htmlparser2), finds a form by its
 * accessible name, a heading, a submit button's label or its action, reads its controls as a
 * browser without JavaScript would (hidden inputs, ticked boxes and radios, each select's selected
 * option, textareas; disabled controls and those in a disabled fieldset left out; controls joined
 * by a `form="…"` attribute included), lets the test fill fields by their label, and submits it the
 * way a browser does (the submit button's name and value, its formaction / formmethod /
 * formenctype, urlencoded or multipart/form-data, line breaks sent as CRLF, `required` enforced
 * unless the form says novalidate), following 30x redirects with one cookie jar per origin.
 *
 *   const browser = new HttpBrowser(newClient());
 *   let page = await browser.open("/login");
 *   page = await page.form("Continue").fill("Email address", "admin@example.com").submit("Continue");
 *   expect(page.heading()).toBe("Enter your password");
 *   expect(page.fieldErrors("Password")).toEqual([]);
 *
 * Names (labels, button and link names, headings) are matched like Playwright's getByRole /
 * getByLabel: a string matches exactly (whitespace collapsed) or, failing that, as a
 * case-insensitive substring; a RegExp is tested against the name. Several matches are an error.
 */
import { parseDocument } from "htmlparser2";
import type { AnyNode, Document, Element } from "domhandler";
import { WebClient, type Hop } from "./client";

export type Name = string | RegExp;

// ---------------------------------------------------------------------------------------------
// DOM helpers
// ---------------------------------------------------------------------------------------------

const isElement = (n: AnyNode): n is Element => n.type === "tag" || n.type === "script" || n.type === "style";

/** Elements under a node, in document order (the node itself excluded). */
function descendants(root: AnyNode): Element[] {
  const out: Element[] = [];
  const walk = (n: AnyNode) => {
    for (const c of (n as Element).children ?? []) {
      if (isElement(c)) {
        out.push(c);
        walk(c);
      }
    }
  };
  walk(root);
  return out;
}

const tag = (el: Element) => el.name.toLowerCase();
const attr = (el: Element, name: string): string | undefined => el.attribs[name];
const hasAttr = (el: Element, name: string) => Object.prototype.hasOwnProperty.call(el.attribs, name);
const classes = (el: Element) => (attr(el, "class") ?? "").split(/\s+/).filter(Boolean);

function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  for (let p = el.parent; p && isElement(p as AnyNode); p = (p as Element).parent) out.push(p as Element);
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Text a reader sees (scripts, styles, templates and `hidden` elements left out). */
function textOf(node: AnyNode, opts: { forName?: boolean } = {}): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if (node.type === "root") return (node as Document).children.map((c) => textOf(c, opts)).join("");
  if (!isElement(node)) return "";
  const t = tag(node);
  if (t === "script" || t === "style" || t === "template" || t === "head") return "";
  if (hasAttr(node, "hidden")) return "";
  if (opts.forName && attr(node, "aria-hidden") === "true") return "";
  if (t === "br") return "\n";
  if (t === "img") return opts.forName ? (attr(node, "alt") ?? "") : "";
  // A control inside a label contributes its value to the label's name, not its options' text.
  if (opts.forName && (t === "select" || t === "textarea" || t === "input")) return "";
  const inner = node.children.map((c) => textOf(c, opts)).join("");
  return /^(p|div|li|tr|td|th|h[1-6]|dt|dd|section|article|header|footer|nav|main|dialog|form|fieldset|legend|label|table|ul|ol|option)$/.test(t) ? ` ${inner} ` : inner;
}

function matches(name: string, want: Name): boolean {
  return typeof want === "string" ? collapse(name) === collapse(want) : want.test(collapse(name));
}
function matchesLoosely(name: string, want: Name): boolean {
  return typeof want === "string" ? collapse(name).toLowerCase().includes(collapse(want).toLowerCase()) : want.test(collapse(name));
}

/** The one candidate whose name matches exactly, else the one whose name contains it; throws otherwise. */
function pick<T>(candidates: T[], nameOf: (c: T) => string, want: Name, what: string): T {
  const found = pickAll(candidates, nameOf, want);
  if (found.length === 1) return found[0]!;
  const names = candidates.map(nameOf).map((n) => JSON.stringify(collapse(n)));
  if (found.length === 0) throw new Error(`no ${what} named ${String(want)} (there are: ${names.join(", ") || "none"})`);
  throw new Error(`${found.length} ${what}s named ${String(want)}: ${found.map(nameOf).map((n) => JSON.stringify(collapse(n))).join(", ")}`);
}
function pickAll<T>(candidates: T[], nameOf: (c: T) => string, want: Name): T[] {
  const exact = candidates.filter((c) => matches(nameOf(c), want));
  return exact.length || typeof want !== "string" ? exact : candidates.filter((c) => matchesLoosely(nameOf(c), want));
}

// ---------------------------------------------------------------------------------------------
// Scope: what a test reads from a page or a part of it
// ---------------------------------------------------------------------------------------------

const CONTROL = /^(input|select|textarea|button)$/;
const SUBMIT_TYPES = new Set(["submit", "image"]);
const TEXT_TYPES = new Set(["text", "email", "search", "tel", "url", "password", "number", "date", "time", "datetime-local", "month", "week", "color", "range", ""]);

export interface Control {
  /** The element's tag: input, select, textarea or button. */
  tag: string;
  /** input/button type ("text", "checkbox", …); "select" or "textarea" for those. */
  type: string;
  name: string;
  id: string | undefined;
  /** The current value (a select's selected option's value; a textarea's text). */
  value: string;
  checked: boolean;
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  invalid: boolean;
  /** For selects: every option (value, label, selected). */
  options: { value: string; label: string; selected: boolean; group?: string }[];
}

export class Scope {
  constructor(
    readonly doc: Document,
    readonly root: AnyNode,
  ) {}

  /** Every element of this scope, in document order. */
  elements(): Element[] {
    return descendants(this.root);
  }

  byId(id: string): Element | undefined {
    return descendants(this.doc).find((e) => attr(e, "id") === id);
  }

  /** The text of this scope as a person reads it, whitespace collapsed. */
  text(): string {
    return collapse(textOf(this.root));
  }

  /** Whether the scope's text contains this (a string: after collapsing whitespace). */
  has(text: Name): boolean {
    return typeof text === "string" ? this.text().includes(collapse(text)) : text.test(this.text());
  }

  /** The accessible name of an element (aria-labelledby, aria-label, label, alt/value/text). */
  nameOf(el: Element): string {
    const labelledBy = attr(el, "aria-labelledby");
    if (labelledBy) {
      return collapse(
        labelledBy
          .split(/\s+/)
          .map((id) => this.byId(id))
          .map((e) => (e ? textOf(e, { forName: true }) : ""))
          .join(" "),
      );
    }
    const label = attr(el, "aria-label");
    if (label) return collapse(label);
    const t = tag(el);
    if (t === "input" || t === "select" || t === "textarea") {
      const type = (attr(el, "type") ?? "").toLowerCase();
      if (t === "input" && (type === "submit" || type === "reset" || type === "button")) return collapse(attr(el, "value") ?? (type === "submit" ? "Submit" : ""));
      if (t === "input" && type === "image") return collapse(attr(el, "alt") ?? "");
      const id = attr(el, "id");
      const labels = [
        ...(id ? descendants(this.doc).filter((e) => tag(e) === "label" && attr(e, "for") === id) : []),
        ...ancestors(el).filter((a) => tag(a) === "label"),
      ];
      if (labels.length) return collapse(labels.map((l) => textOf(l, { forName: true })).join(" "));
      return collapse(attr(el, "title") ?? attr(el, "placeholder") ?? "");
    }
    if (t === "fieldset") {
      const legend = el.children.find((c) => isElement(c) && tag(c) === "legend");
      return legend ? collapse(textOf(legend, { forName: true })) : "";
    }
    if (t === "img") return collapse(attr(el, "alt") ?? "");
    if (t === "table") {
      const caption = el.children.find((c) => isElement(c) && tag(c) === "caption");
      return caption ? collapse(textOf(caption, { forName: true })) : "";
    }
    return collapse(textOf(el, { forName: true }));
  }

  // --- headings, notices, title -----------------------------------------------------------

  /** The text of every heading (of one level when given), in order. */
  headings(level?: number): string[] {
    const want = level ? new RegExp(`^h${level}$`) : /^h[1-6]$/;
    return this.elements()
      .filter((e) => want.test(tag(e)) && !this.isHidden(e))
      .map((e) => collapse(textOf(e)));
  }

  /** The first heading of a level (1 unless told). */
  heading(level = 1): string | undefined {
    return this.headings(level)[0];
  }

  /** The text of every live region (role status or alert): notices, toasts, form-level errors. */
  notices(): string[] {
    return this.elements()
      .filter((e) => (attr(e, "role") === "status" || attr(e, "role") === "alert") && !this.isHidden(e))
      .map((e) => collapse(textOf(e)))
      .filter(Boolean);
  }

  /** The text of every role="alert" region. */
  alerts(): string[] {
    return this.elements()
      .filter((e) => attr(e, "role") === "alert" && !this.isHidden(e))
      .map((e) => collapse(textOf(e)))
      .filter(Boolean);
  }

  /** Whether an element is in a `hidden` subtree (not rendered without JavaScript). */
  isHidden(el: Element): boolean {
    return hasAttr(el, "hidden") || ancestors(el).some((a) => hasAttr(a, "hidden") || tag(a) === "template");
  }

  // --- parts of the page ------------------------------------------------------------------

  /** A part of the page by its accessible name (any labelled element, a fieldset's legend, a table's caption), or a dialog/section/form/… by its first heading. */
  region(name: Name): Scope {
    const labelled = (e: Element) => hasAttr(e, "aria-label") || hasAttr(e, "aria-labelledby");
    const parts = this.elements().filter((e) => {
      if (CONTROL.test(tag(e)) || tag(e) === "a") return false;
      const role = attr(e, "role");
      return labelled(e) || /^(dialog|section|fieldset|table|form|article|nav|aside)$/.test(tag(e)) || (role && /^(dialog|alertdialog|region|group|radiogroup|navigation)$/.test(role));
    });
    const el = pick(parts, (e) => (labelled(e) || /^(fieldset|table)$/.test(tag(e)) ? this.nameOf(e) : "") || this.ownHeading(e), name, "region");
    return new Scope(this.doc, el);
  }

  private ownHeading(el: Element): string {
    const h = descendants(el).find((e) => /^h[1-6]$/.test(tag(e)));
    return h ? collapse(textOf(h)) : "";
  }

  /** Table rows (with a row header) by the row header's name. */
  row(name: Name): Scope {
    const rows = this.elements().filter((e) => tag(e) === "tr" && descendants(e).some((c) => tag(c) === "th"));
    const el = pick(rows, (r) => this.nameOf(descendants(r).find((c) => tag(c) === "th")!), name, "row");
    return new Scope(this.doc, el);
  }

  /** The names of every row header. */
  rowHeaders(): string[] {
    return this.elements()
      .filter((e) => tag(e) === "th" && (attr(e, "scope") === "row" || (e.parent && isElement(e.parent as AnyNode) && !ancestors(e).some((a) => tag(a) === "thead"))))
      .map((e) => this.nameOf(e));
  }

  /** Elements matching a predicate on their attributes (e.g. `[data-testid=…]`), as scopes. */
  all(selector: { tag?: string; attr?: string; value?: string | RegExp; class?: string }): Scope[] {
    return this.elements()
      .filter(
        (e) =>
          (!selector.tag || tag(e) === selector.tag) &&
          (!selector.class || classes(e).includes(selector.class)) &&
          (!selector.attr || (hasAttr(e, selector.attr) && (selector.value === undefined || (typeof selector.value === "string" ? attr(e, selector.attr) === selector.value : selector.value.test(attr(e, selector.attr)!))))),
      )
      .map((e) => new Scope(this.doc, e));
  }

  /** Any element labelled (aria-labelledby / aria-label) with this name, e.g. a read-only value. */
  labelled(name: Name): Scope {
    const els = this.elements().filter((e) => (hasAttr(e, "aria-labelledby") || hasAttr(e, "aria-label")) && !this.isHidden(e));
    return new Scope(this.doc, pick(els, (e) => this.nameOf(e), name, "labelled element"));
  }

  /** The page's <main>. */
  main(): Scope {
    const [first] = this.all({ tag: "main" });
    if (!first) throw new Error("no <main>");
    return first;
  }

  /** The first element with this class. */
  byClass(name: string): Scope {
    const [first] = this.all({ class: name });
    if (!first) throw new Error(`no element of class ${name}`);
    return first;
  }

  /** The element with this data-testid. */
  testId(id: string): Scope {
    const [first] = this.all({ attr: "data-testid", value: id });
    if (!first) throw new Error(`no element with data-testid=${id}`);
    return first;
  }

  /** An attribute of this scope's root element. */
  attr(name: string): string | undefined {
    return isElement(this.root) ? attr(this.root, name) : undefined;
  }

  // --- links and buttons ------------------------------------------------------------------

  /** Every link: its name and href as written. */
  links(): { name: string; href: string }[] {
    return this.elements()
      .filter((e) => tag(e) === "a" && hasAttr(e, "href") && !this.isHidden(e))
      .map((e) => ({ name: this.nameOf(e), href: attr(e, "href")! }));
  }

  /** The href of the link with this name (as written in the page). */
  link(name: Name): string {
    return pick(this.links(), (l) => l.name, name, "link").href;
  }

  hasLink(name: Name): boolean {
    return pickAll(this.links(), (l) => l.name, name).length > 0;
  }

  /** The names of every button (button elements and submit/reset/button inputs). */
  buttons(): string[] {
    return this.buttonElements().map((e) => this.nameOf(e));
  }

  hasButton(name: Name): boolean {
    return pickAll(this.buttonElements(), (e) => this.nameOf(e), name).length > 0;
  }

  protected buttonElements(): Element[] {
    return this.elements().filter((e) => !this.isHidden(e) && (tag(e) === "button" || (tag(e) === "input" && /^(submit|image|reset|button)$/i.test(attr(e, "type") ?? ""))));
  }

  /** Images by their alternative text. */
  images(): { name: string; src: string }[] {
    return this.elements()
      .filter((e) => tag(e) === "img" || attr(e, "role") === "img")
      .map((e) => ({ name: tag(e) === "img" ? collapse(attr(e, "alt") ?? "") : this.nameOf(e), src: attr(e, "src") ?? "" }));
  }

  // --- controls -----------------------------------------------------------------------------

  protected controlElements(): Element[] {
    return this.elements().filter((e) => CONTROL.test(tag(e)) && !this.isHidden(e));
  }

  /** A labelled control (input, select, textarea) of this scope by its label, as the page has it. */
  field(label: Name): Control {
    return this.readControl(this.controlByLabel(label));
  }

  /** Whether a control with this label exists here. */
  hasField(label: Name): boolean {
    return pickAll(this.labelledControls(), (e) => this.nameOf(e), label).length > 0;
  }

  protected labelledControls(): Element[] {
    return this.controlElements().filter((e) => tag(e) !== "button" && !/^(hidden|submit|image|reset|button)$/i.test(attr(e, "type") ?? ""));
  }

  protected controlByLabel(label: Name): Element {
    return pick(this.labelledControls(), (e) => this.nameOf(e), label, "field");
  }

  /** The texts an input's aria-describedby points at, hints left out: its error messages. */
  fieldErrors(label: Name): string[] {
    return this.describedBy(this.controlByLabel(label)).filter((e) => !classes(e).includes("hint")).map((e) => collapse(textOf(e))).filter(Boolean);
  }

  /** Every text an element's aria-describedby points at (hints too). */
  description(label: Name): string[] {
    return this.describedBy(this.controlByLabel(label)).map((e) => collapse(textOf(e)));
  }

  /** The error messages of a fieldset (a list of choices) by its legend. */
  groupErrors(legend: Name): string[] {
    const sets = this.elements().filter((e) => tag(e) === "fieldset" || attr(e, "role") === "group" || attr(e, "role") === "radiogroup");
    const el = pick(sets, (e) => this.nameOf(e), legend, "group");
    return this.describedBy(el).filter((e) => !classes(e).includes("hint")).map((e) => collapse(textOf(e))).filter(Boolean);
  }

  private describedBy(el: Element): Element[] {
    return (attr(el, "aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => this.byId(id))
      .filter((e): e is Element => !!e);
  }

  protected isDisabled(el: Element): boolean {
    if (hasAttr(el, "disabled")) return true;
    // A disabled fieldset disables what it holds, except inside its first legend.
    let child: Element = el;
    for (const a of ancestors(el)) {
      if (tag(a) === "fieldset" && hasAttr(a, "disabled")) {
        const legend = a.children.find((c) => isElement(c) && tag(c) === "legend");
        if (legend !== child) return true;
      }
      child = a;
    }
    return false;
  }

  protected readControl(el: Element): Control {
    const t = tag(el);
    const type = t === "select" || t === "textarea" ? t : (attr(el, "type") ?? (t === "button" ? "submit" : "text")).toLowerCase();
    const options =
      t === "select"
        ? descendants(el)
            .filter((o) => tag(o) === "option")
            .map((o) => {
              const group = ancestors(o).find((a) => tag(a) === "optgroup");
              return { value: attr(o, "value") ?? collapse(textOf(o)), label: collapse(attr(o, "label") ?? textOf(o)), selected: hasAttr(o, "selected"), group: group ? attr(group, "label") : undefined };
            })
        : [];
    let value = "";
    if (t === "select") {
      const enabled = descendants(el).filter((o) => tag(o) === "option" && !hasAttr(o, "disabled"));
      const chosen = options.find((o) => o.selected) ?? (hasAttr(el, "multiple") ? undefined : options[descendants(el).filter((o) => tag(o) === "option").indexOf(enabled[0]!)]);
      value = chosen?.value ?? "";
    } else if (t === "textarea") {
      // The parser keeps a textarea's text as is; a browser drops one leading newline.
      value = el.children.map((c) => textOf(c)).join("").replace(/^\r?\n/, "");
    } else {
      value = attr(el, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "");
    }
    return {
      tag: t,
      type,
      name: attr(el, "name") ?? "",
      id: attr(el, "id"),
      value,
      checked: hasAttr(el, "checked"),
      disabled: this.isDisabled(el),
      readonly: hasAttr(el, "readonly"),
      required: hasAttr(el, "required"),
      invalid: attr(el, "aria-invalid") === "true",
      options,
    };
  }

  // --- forms --------------------------------------------------------------------------------

  /** Every form of this scope. */
  formElements(): Element[] {
    return this.elements().filter((e) => tag(e) === "form" && !this.isHidden(e));
  }
}

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

export interface FormQuery {
  /** The form's accessible name (aria-label / aria-labelledby). */
  name?: Name;
  /** A heading inside the form, the name of the dialog/region holding it, or the heading just before it. */
  heading?: Name;
  /** The label of one of its submit buttons. */
  button?: Name;
  /** Its action (as resolved against the page URL: path and query). */
  action?: string | RegExp;
  /** Only forms inside this part of the page (e.g. `page.main()`). */
  within?: Scope;
}

export class Page extends Scope {
  constructor(
    readonly browser: HttpBrowser,
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
    /** The redirects that led here. */
    readonly hops: Hop[] = [],
  ) {
    const doc = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
    super(doc, doc);
  }

  /** A page from HTML alone (for unit tests of what the driver reads). */
  static fromHtml(html: string, url = "http://portal.test/", headers: Record<string, string> = {}): Page {
    return new Page(new HttpBrowser(new WebClient(new URL(url).origin)), url, 200, new Headers(headers), html);
  }

  /** The path and query of this page. */
  get path(): string {
    const u = new URL(this.url);
    return u.pathname + u.search;
  }

  /** The document's title. */
  title(): string {
    const el = descendants(this.doc).find((e) => tag(e) === "title");
    return el ? collapse(el.children.map((c) => textOf(c)).join("")) : "";
  }

  /** The page's referrer policy: its last <meta name="referrer">, else its Referrer-Policy header. */
  referrerPolicy(): string | undefined {
    const metas = descendants(this.doc).filter((e) => tag(e) === "meta" && (attr(e, "name") ?? "").toLowerCase() === "referrer");
    const meta = metas.at(-1);
    const header = this.headers.get("referrer-policy")?.split(",").at(-1)?.trim();
    return (meta ? attr(meta, "content") : undefined)?.toLowerCase() ?? header?.toLowerCase();
  }

  /** The html element's lang. */
  lang(): string | undefined {
    const html = descendants(this.doc).find((e) => tag(e) === "html");
    return html ? attr(html, "lang") : undefined;
  }

  /** Seconds after which the page reloads itself (a Refresh header or meta refresh), if it does. */
  refreshAfter(): number | undefined {
    const header = this.headers.get("refresh");
    const meta = descendants(this.doc).find((e) => tag(e) === "meta" && (attr(e, "http-equiv") ?? "").toLowerCase() === "refresh");
    const value = header ?? (meta ? attr(meta, "content") : undefined);
    if (value === undefined || value === null) return undefined;
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) ? n : undefined;
  }

  /** The page again (GET of the same URL): what a reload, or the page's own refresh, shows. */
  reload(): Promise<Page> {
    return this.browser.open(this.url);
  }

  /** Opens an href as written in this page (resolved against its URL). */
  go(href: string): Promise<Page> {
    return this.browser.open(new URL(href, this.url).toString());
  }

  /** Follows the link with this name. */
  follow(name: Name): Promise<Page> {
    return this.browser.open(new URL(this.link(name), this.url).toString());
  }

  /** One form of the page: by a name, heading or button label (any of them), or a query. */
  form(query: Name | FormQuery): Form {
    const q: FormQuery = typeof query === "string" || query instanceof RegExp ? {} : query;
    const forms = (q.within ?? this).formElements().map((el) => new Form(this, el));
    let found: Form[];
    if (typeof query === "string" || query instanceof RegExp) {
      const by = (nameOf: (f: Form) => string[]) => pickAllMulti(forms, nameOf, query);
      found = by((f) => [f.name()]);
      if (found.length === 0) found = by((f) => f.namingHeadings());
      if (found.length === 0) found = by((f) => f.submitNames());
    } else {
      found = forms.filter(
        (f) =>
          (q.name === undefined || matchesAny([f.name()], q.name)) &&
          (q.heading === undefined || matchesAny(f.namingHeadings(), q.heading)) &&
          (q.button === undefined || matchesAny(f.submitNames(), q.button)) &&
          (q.action === undefined || (typeof q.action === "string" ? f.actionPath() === q.action : q.action.test(f.actionPath()))),
      );
    }
    if (found.length === 1) return found[0]!;
    const described = forms.map((f) => `  ${f.method().toUpperCase()} ${f.actionPath()} name=${JSON.stringify(f.name())} headings=${JSON.stringify(f.namingHeadings())} buttons=${JSON.stringify(f.submitNames())}`).join("\n");
    throw new Error(`${found.length} forms match ${typeof query === "object" && !(query instanceof RegExp) ? JSON.stringify(query) : String(query)} on ${this.path}:\n${described}`);
  }

  /** Every form of the page. */
  forms(): Form[] {
    return this.formElements().map((el) => new Form(this, el));
  }

  /**
   * Clicks a link or a submit button by its name: a link is followed, a button submits its form
   * as the page has it.
   */
  click(name: Name): Promise<Page> {
    const links = pickAll(this.links(), (l) => l.name, name);
    const buttons = pickAll(
      this.buttonElements().filter((b) => SUBMIT_TYPES.has((attr(b, "type") ?? "submit").toLowerCase())),
      (b) => this.nameOf(b),
      name,
    );
    if (links.length + buttons.length !== 1) {
      throw new Error(`${links.length} links and ${buttons.length} submit buttons named ${String(name)} on ${this.path} (links: ${JSON.stringify(this.links().map((l) => l.name))}; buttons: ${JSON.stringify(this.buttons())})`);
    }
    if (links.length) return this.browser.open(new URL(links[0]!.href, this.url).toString());
    const button = buttons[0]!;
    const owner = this.ownerForm(button);
    if (!owner) throw new Error(`the button ${String(name)} belongs to no form`);
    return new Form(this, owner).submitWith(button);
  }

  /** The form a control belongs to: its form="…" attribute, else the form it sits in. */
  ownerForm(el: Element): Element | undefined {
    const id = attr(el, "form");
    if (id !== undefined) {
      const f = this.byId(id);
      return f && tag(f) === "form" ? f : undefined;
    }
    return ancestors(el).find((a) => tag(a) === "form");
  }
}

function matchesAny(names: string[], want: Name): boolean {
  return pickAll(names, (n) => n, want).length > 0;
}
function pickAllMulti<T>(items: T[], namesOf: (t: T) => string[], want: Name): T[] {
  const exact = items.filter((i) => namesOf(i).some((n) => matches(n, want)));
  return exact.length || typeof want !== "string" ? exact : items.filter((i) => namesOf(i).some((n) => matchesLoosely(n, want)));
}

// ---------------------------------------------------------------------------------------------
// Form
// ---------------------------------------------------------------------------------------------

export interface FileValue {
  name: string;
  type?: string;
  data: Buffer | Uint8Array | string;
}

interface State {
  value: string;
  checked: boolean;
  /** Select options chosen (values); multiple selects may hold several. */
  selected?: string[];
  files?: FileValue[];
}

/** One form of a page, its controls' state as the page has it until the test changes them. */
export class Form extends Scope {
  private readonly state = new Map<Element, State>();

  constructor(
    readonly page: Page,
    readonly el: Element,
  ) {
    super(page.doc, el);
    for (const c of this.controls()) {
      const r = this.readControl(c);
      const selected = tag(c) === "select" ? (hasAttr(c, "multiple") ? r.options.filter((o) => o.selected).map((o) => o.value) : [r.value]) : undefined;
      this.state.set(c, { value: r.value, checked: r.checked, selected });
    }
  }

  /** The controls of this form in document order (inside it, or joined by form="id"). */
  controls(): Element[] {
    return descendants(this.page.doc).filter((e) => CONTROL.test(tag(e)) && this.page.ownerForm(e) === this.el);
  }

  protected override controlElements(): Element[] {
    return this.controls();
  }

  protected override buttonElements(): Element[] {
    return this.controls().filter((e) => tag(e) === "button" || (tag(e) === "input" && /^(submit|image|reset|button)$/i.test(attr(e, "type") ?? "")));
  }

  /** The form's accessible name. */
  name(): string {
    return hasAttr(this.el, "aria-label") || hasAttr(this.el, "aria-labelledby") ? this.nameOf(this.el) : "";
  }

  /** Headings that name this form: inside it, the name of the dialog/region/section holding it, or the heading just before it. */
  namingHeadings(): string[] {
    const out = descendants(this.el)
      .filter((e) => /^h[1-6]$/.test(tag(e)))
      .map((e) => collapse(textOf(e)));
    const holder = ancestors(this.el).find((a) => /^(dialog|section|article|aside)$/.test(tag(a)) || /^(dialog|alertdialog|region)$/.test(attr(a, "role") ?? ""));
    if (holder) {
      const n = this.nameOf(holder);
      if (n && (hasAttr(holder, "aria-labelledby") || hasAttr(holder, "aria-label"))) out.push(n);
    }
    // The nearest heading before the form, among its previous siblings (or its parent's).
    let node: Element | null = this.el;
    for (let depth = 0; node && depth < 3; depth++) {
      let prev = node.prev;
      while (prev && !(isElement(prev) && /^h[1-6]$/.test(tag(prev)))) prev = prev.prev;
      if (prev) {
        out.push(collapse(textOf(prev)));
        break;
      }
      node = node.parent && isElement(node.parent as AnyNode) ? (node.parent as Element) : null;
    }
    return out;
  }

  /** The names of its submit buttons. */
  submitNames(): string[] {
    return this.submitButtons().map((b) => this.nameOf(b));
  }

  private submitButtons(): Element[] {
    return this.controls().filter((e) => (tag(e) === "button" && SUBMIT_TYPES.has((attr(e, "type") ?? "submit").toLowerCase())) || (tag(e) === "input" && SUBMIT_TYPES.has((attr(e, "type") ?? "").toLowerCase())));
  }

  /** The method it submits with; "dialog" closes the dialog holding it and sends nothing. */
  method(submitter?: Element): "get" | "post" | "dialog" {
    const m = ((submitter && attr(submitter, "formmethod")) ?? attr(this.el, "method") ?? "get").toLowerCase();
    return m === "post" ? "post" : m === "dialog" ? "dialog" : "get";
  }

  /** The URL the form submits to (resolved against the page). */
  actionUrl(submitter?: Element): string {
    const a = (submitter && attr(submitter, "formaction")) ?? attr(this.el, "action") ?? "";
    return new URL(a === "" ? this.page.url : a, this.page.url).toString();
  }

  actionPath(submitter?: Element): string {
    const u = new URL(this.actionUrl(submitter));
    return u.pathname + u.search;
  }

  enctype(submitter?: Element): "multipart/form-data" | "application/x-www-form-urlencoded" {
    const e = ((submitter && attr(submitter, "formenctype")) ?? attr(this.el, "enctype") ?? "").toLowerCase();
    return e === "multipart/form-data" ? e : "application/x-www-form-urlencoded";
  }

  // --- filling ------------------------------------------------------------------------------

  private stateOf(label: Name): [Element, State] {
    const el = this.controlByLabel(label);
    if (this.isDisabled(el)) throw new Error(`the field ${String(label)} is disabled`);
    return [el, this.state.get(el)!];
  }

  /** Types into a text field or textarea (replacing what is there). */
  fill(label: Name, value: string): this {
    const [el, s] = this.stateOf(label);
    const type = tag(el) === "textarea" ? "" : (attr(el, "type") ?? "").toLowerCase();
    if (tag(el) === "select" || !TEXT_TYPES.has(type)) throw new Error(`${String(label)} is a ${tag(el)} ${type}, not a text field`);
    if (hasAttr(el, "readonly")) throw new Error(`${String(label)} is read-only`);
    s.value = value;
    return this;
  }

  /** Ticks a checkbox, or chooses a radio button (its group's others cleared). */
  check(label: Name): this {
    const [el, s] = this.stateOf(label);
    const type = (attr(el, "type") ?? "").toLowerCase();
    if (type !== "checkbox" && type !== "radio") throw new Error(`${String(label)} is not a checkbox or radio button`);
    if (type === "radio") {
      for (const [other, os] of this.state) if (other !== el && tag(other) === "input" && (attr(other, "type") ?? "").toLowerCase() === "radio" && attr(other, "name") === attr(el, "name")) os.checked = false;
    }
    s.checked = true;
    return this;
  }

  /** Unticks a checkbox. */
  uncheck(label: Name): this {
    const [el, s] = this.stateOf(label);
    if ((attr(el, "type") ?? "").toLowerCase() !== "checkbox") throw new Error(`${String(label)} is not a checkbox`);
    s.checked = false;
    return this;
  }

  /** Chooses a select's option by its label (or, failing that, its value); several for a multiple select. */
  select(label: Name, ...choices: Name[]): this {
    const [el, s] = this.stateOf(label);
    if (tag(el) !== "select") throw new Error(`${String(label)} is not a select`);
    const { options } = this.readControl(el);
    const chosen = choices.map((c) => {
      const byLabel = pickAll(options, (o) => o.label, c);
      if (byLabel.length === 1) return byLabel[0]!.value;
      const byValue = options.filter((o) => (typeof c === "string" ? o.value === c : c.test(o.value)));
      if (byValue.length === 1) return byValue[0]!.value;
      throw new Error(`${String(label)} has ${byLabel.length || byValue.length} options ${String(c)} (options: ${JSON.stringify(options.map((o) => o.label))})`);
    });
    if (chosen.length > 1 && !hasAttr(el, "multiple")) throw new Error(`${String(label)} takes one option`);
    s.selected = chosen;
    s.value = chosen[0] ?? "";
    return this;
  }

  /** Sets the files of a file input. */
  attach(label: Name, ...files: FileValue[]): this {
    const [el, s] = this.stateOf(label);
    if ((attr(el, "type") ?? "").toLowerCase() !== "file") throw new Error(`${String(label)} is not a file input`);
    s.files = files;
    return this;
  }

  /** The current value of a field of this form (after the test's changes). */
  value(label: Name): string {
    return this.stateOf(label)[1].value;
  }

  // --- submitting ---------------------------------------------------------------------------

  /**
   * The entries a browser would send (HTML's "constructing the entry list"), with this submitter.
   * Files are FileValue; everything else a string.
   */
  entries(submitter?: Element): [string, string | FileValue][] {
    const out: [string, string | FileValue][] = [];
    for (const el of this.controls()) {
      const name = attr(el, "name");
      const t = tag(el);
      const type = t === "select" || t === "textarea" ? t : (attr(el, "type") ?? (t === "button" ? "submit" : "text")).toLowerCase();
      if (this.isDisabled(el)) continue;
      if (t === "button" || SUBMIT_TYPES.has(type) || type === "reset" || type === "button") {
        if (el !== submitter || !name) continue;
        if (type === "image") {
          out.push([`${name}.x`, "0"], [`${name}.y`, "0"]);
          continue;
        }
        out.push([name, attr(el, "value") ?? ""]);
        continue;
      }
      if (!name) continue;
      const s = this.state.get(el)!;
      if (type === "checkbox" || type === "radio") {
        if (s.checked) out.push([name, attr(el, "value") ?? "on"]);
      } else if (type === "file") {
        if (s.files?.length) for (const f of s.files) out.push([name, f]);
        else out.push([name, { name: "", type: "application/octet-stream", data: new Uint8Array() }]);
      } else if (t === "select") {
        for (const v of s.selected ?? []) out.push([name, v]);
      } else {
        out.push([name, s.value]);
      }
    }
    return out;
  }

  /** The pairs an urlencoded submission would carry (a file sends its name), with this submit button. */
  pairs(button?: Name): [string, string][] {
    return this.entries(button === undefined ? undefined : this.submitter(button)).map(([k, v]) => [k, typeof v === "string" ? v : v.name]);
  }

  private submitter(button?: Name): Element | undefined {
    const buttons = this.submitButtons();
    if (button === undefined) return buttons[0];
    return pick(buttons, (b) => this.nameOf(b), button, "submit button");
  }

  /** Submits through the submit button with this name (the form's first one unless told). */
  submit(button?: Name): Promise<Page> {
    const b = this.submitter(button);
    if (b && this.isDisabled(b)) throw new Error(`the button ${String(button)} is disabled`);
    return this.submitWith(b);
  }

  /** What the browser's own constraint validation would refuse (`required` left empty), unless novalidate. */
  blockedBy(submitter?: Element): string[] {
    if (hasAttr(this.el, "novalidate") || (submitter && hasAttr(submitter, "formnovalidate"))) return [];
    const blocked: string[] = [];
    for (const el of this.controls()) {
      if (!hasAttr(el, "required") || this.isDisabled(el)) continue;
      const s = this.state.get(el)!;
      const type = (attr(el, "type") ?? "").toLowerCase();
      const empty =
        type === "checkbox"
          ? !s.checked
          : type === "radio"
            ? ![...this.state].some(([o, os]) => attr(o, "name") === attr(el, "name") && os.checked)
            : type === "file"
              ? !s.files?.length
              : tag(el) === "select"
                ? !(s.selected ?? []).some((v) => v !== "")
                : s.value === "";
      if (empty) blocked.push(this.nameOf(el) || attr(el, "name") || "?");
    }
    return blocked;
  }

  async submitWith(submitter: Element | undefined): Promise<Page> {
    const blocked = this.blockedBy(submitter);
    if (blocked.length) throw new Error(`a browser would not submit this form: required and empty: ${blocked.join(", ")}`);
    if (this.method(submitter) === "dialog") throw new Error("a method=dialog form only closes its dialog in the browser: nothing to submit (check form.method() instead)");
    const entries = this.entries(submitter);
    const action = this.actionUrl(submitter);
    // What Chromium sends: Origin is "null" under a no-referrer policy (BUG-2 in tests/e2e/README.md),
    // and Sec-Fetch-Site says whether the form posts to its own origin.
    const pageOrigin = new URL(this.page.url).origin;
    const origin = this.page.referrerPolicy() === "no-referrer" ? "null" : pageOrigin;
    const site = new URL(action).origin === pageOrigin ? "same-origin" : "cross-site";
    if (this.method(submitter) === "get") {
      const u = new URL(action);
      u.search = new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name])).toString();
      return this.page.browser.open(u.toString());
    }
    const crlf = (s: string) => s.replace(/\r\n|\r|\n/g, "\r\n");
    if (this.enctype(submitter) === "multipart/form-data") {
      const { body, type } = multipartBody(entries.map(([k, v]) => [crlf(k), typeof v === "string" ? crlf(v) : v]));
      return this.page.browser.navigate(action, { method: "POST", body: new Uint8Array(body), headers: { "content-type": type, "sec-fetch-site": site }, origin });
    }
    const body = new URLSearchParams(entries.map(([k, v]) => [crlf(k), crlf(typeof v === "string" ? v : v.name)])).toString();
    return this.page.browser.navigate(action, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": site }, origin });
  }
}

/**
 * A multipart/form-data body as a browser writes it (an empty file input is a part with
 * `filename=""`, which FormData would leave out), with its content type.
 */
export function multipartBody(entries: [string, string | FileValue][]): { body: Buffer; type: string } {
  const boundary = `----GatehouseFormBoundary${Math.random().toString(36).slice(2, 14)}`;
  const esc = (s: string) => s.replace(/\r\n|\r|\n/g, "%0D%0A").replace(/"/g, "%22");
  const parts: Buffer[] = [];
  for (const [name, v] of entries) {
    if (typeof v === "string") {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"\r\n\r\n${v}\r\n`, "utf8"));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"; filename="${esc(v.name)}"\r\nContent-Type: ${v.type ?? "application/octet-stream"}\r\n\r\n`, "utf8"));
      parts.push(typeof v.data === "string" ? Buffer.from(v.data, "utf8") : Buffer.from(v.data));
      parts.push(Buffer.from("\r\n"));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// The browser
// ---------------------------------------------------------------------------------------------

/** A browser without JavaScript: one cookie jar per origin, redirects followed like a browser. */
export class HttpBrowser {
  private readonly clients = new Map<string, WebClient>();

  constructor(
    readonly client: WebClient,
    private readonly headers: Record<string, string> = {},
  ) {
    this.clients.set(new URL(client.base).origin, client);
  }

  /** The cookie jar (a WebClient) for an origin. */
  clientFor(origin: string): WebClient {
    let c = this.clients.get(origin);
    if (!c) {
      c = new WebClient(origin, this.headers);
      this.clients.set(origin, c);
    }
    return c;
  }

  /** GET a page (a path is relative to the portal), following redirects. */
  open(url: string): Promise<Page> {
    return this.navigate(new URL(url, this.client.base).toString(), { method: "GET" });
  }

  /** A navigation: the request, then every redirect (303, and 301/302 after a POST, become GETs; 307/308 repeat it). */
  async navigate(url: string, init: { method: string; body?: BodyInit; headers?: Record<string, string>; origin?: string }): Promise<Page> {
    const hops: Hop[] = [];
    let current = url;
    let req = init;
    for (let i = 0; i < 20; i++) {
      const u = new URL(current);
      const client = this.clientFor(u.origin);
      const origin = req.method === "GET" ? undefined : (req.origin ?? u.origin);
      const headers = origin === "null" ? { ...req.headers, origin: "null" } : req.headers;
      const { res, body } = await client.request(u.pathname + u.search, { method: req.method, body: req.body, headers, origin: origin === "null" ? null : origin });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        hops.push({ status: res.status, location, url: current });
        const next = new URL(location, current).toString();
        if (res.status === 307 || res.status === 308) {
          // The same request again (the browser re-sends the body); a redirect elsewhere is cross-origin for the Origin header.
          req = { ...req, origin: req.origin };
        } else {
          req = { method: "GET" };
        }
        current = next;
        continue;
      }
      return new Page(this, current, res.status, res.headers, body, hops);
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }
}
