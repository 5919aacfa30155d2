/**
 * Site messages are rich text (groups spec §3; platform §5: "Rich text with HTML must be sanitised
 * before saving"). Without an editor library, the admin writes in a textarea with a small syntax:
 *
 *   a blank line starts a new paragraph, a single line break stays a line break;
 *   **bold**, _italic_ (or *italic*), [a link](https://example.com) (http, https and mailto only);
 *   lines starting with "- " (or "* ") make a list, "1. " a numbered list.
 *
 * Simple HTML of the same kinds may be typed too. The result is sanitised with an allow-list
 * (p, br, strong, em, ul, ol, li, a[href] with http/https/mailto) before it is sent — scripts and
 * styles go with their content — and what the upstream returns is sanitised again before it is
 * shown. To edit, a saved message is turned back into the same syntax.
 */
import sanitizeHtml from "sanitize-html";

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Bold and italic however they were written; headings and quotes become paragraphs.
  transformTags: { b: "strong", i: "em", h1: "p", h2: "p", h3: "p", h4: "p", h5: "p", h6: "p", blockquote: "p", div: "p" },
};

/** HTML limited to the allow-list; a link left without an address keeps only its text. */
export function sanitizeMessageHtml(html: string): string {
  const clean = sanitizeHtml(html, ALLOWED);
  return clean.replace(/<a>([\s\S]*?)<\/a>/g, "$1").trim();
}

/** No visible text once the tags are gone. */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "") === "";
}

const SAFE_URL = /^(https?:\/\/|mailto:)[^\s"'<>()]+$/i;

/** Bold, italic and links within one line (tags typed as HTML pass through to the sanitiser). */
function inline(text: string): string {
  return text
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (whole, label: string, url: string) => (SAFE_URL.test(url) ? `<a href="${url}">${label}</a>` : whole))
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, "$1<em>$2</em>");
}

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** The textarea's text as HTML (not yet sanitised: see `messageContentHtml`). */
export function richTextToHtml(source: string): string {
  const out: string[] = [];
  for (const block of source.replace(/\r\n?/g, "\n").trim().split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let list: { tag: "ul" | "ol"; items: string[] } | null = null;
    const flushParagraph = () => {
      if (paragraph.length) out.push(`<p>${paragraph.map(inline).join("<br>")}</p>`);
      paragraph = [];
    };
    const flushList = () => {
      if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join("")}</${list.tag}>`);
      list = null;
    };
    for (const line of block.split("\n")) {
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      const tag = bullet ? "ul" : numbered ? "ol" : null;
      if (tag) {
        flushParagraph();
        if (list && (list as { tag: string }).tag !== tag) flushList();
        list ??= { tag, items: [] };
        list.items.push((bullet ?? numbered)![1]!);
      } else if (line.trim()) {
        flushList();
        paragraph.push(line.trim());
      }
    }
    flushParagraph();
    flushList();
  }
  return out.join("");
}

/** What is sent upstream: the text converted, then sanitised. */
export function messageContentHtml(source: string): string {
  return sanitizeMessageHtml(richTextToHtml(source));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e]!);

/** A saved message's HTML back in the textarea's syntax (after sanitising, so only the allow-list is left). */
export function htmlToRichText(html: string): string {
  let s = sanitizeMessageHtml(html).replace(/\s*\n\s*/g, " ");
  s = s.replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, href: string, label: string) => `[${label}](${href.replace(/&amp;/g, "&")})`);
  s = s.replace(/<\/?strong>/g, "**").replace(/<\/?em>/g, "_");
  s = s.replace(/<br\s*\/?>/g, "\n");
  s = s.replace(/<ol>([\s\S]*?)<\/ol>/g, (_, items: string) => {
    let n = 0;
    return `\n\n${items.replace(/<li>([\s\S]*?)<\/li>/g, (__, item: string) => `${++n}. ${item.trim()}\n`)}\n`;
  });
  s = s.replace(/<ul>([\s\S]*?)<\/ul>/g, (_, items: string) => `\n\n${items.replace(/<li>([\s\S]*?)<\/li>/g, (__, item: string) => `- ${item.trim()}\n`)}\n`);
  s = s.replace(/<p>([\s\S]*?)<\/p>/g, (_, p: string) => `\n\n${p.trim()}\n\n`);
  s = s.replace(/<\/?(li|ul|ol|p)>/g, "");
  return decode(s)
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
