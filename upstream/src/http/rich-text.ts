/**
 * Rich text (site messages) is sanitised before it is saved (platform §5): a small allow-list of
 * formatting tags, links only to http(s), mailto and tel, and nothing that runs or loads anything.
 * Script and style elements go with their content.
 */
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS).trim();

/** No visible text once the tags are gone (e.g. `<p><br></p>` from an editor). */
export const isBlankRichText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "") === "";
