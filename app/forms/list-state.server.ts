/** A paged list's search and page from a URL (bounded), and as a query string to keep ("" when neither). */
import { postedId } from "./action-result.server";

export function listState(url: URL) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = postedId(url.searchParams.get("page")) ?? 1;
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return { search, page, query: query ? `?${query}` : "" };
}
