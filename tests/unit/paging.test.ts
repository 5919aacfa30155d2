/** The paged lists' numbers (ADR 035): pages, neighbours, and `?page=` read on the server. */
import { describe, expect, test } from "vitest";
import { listState, pageParam } from "~/forms/list-state.server";
import { neighbours, pageCount } from "~/forms/paging";

describe("paging", () => {
  test("pages: at least one, rounded up", () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
    expect(pageCount(301, 100)).toBe(4);
  });

  test("neighbours: none before the first page, none after the last", () => {
    expect(neighbours(1, 1)).toEqual({ previous: null, next: null });
    expect(neighbours(1, 3)).toEqual({ previous: null, next: 2 });
    expect(neighbours(2, 3)).toEqual({ previous: 1, next: 3 });
    expect(neighbours(3, 3)).toEqual({ previous: 2, next: null });
  });

  test("?page=: a positive whole number, else 1; clamped to the list's largest", () => {
    const at = (q: string, max?: number) => pageParam(new URL(`http://x/list${q}`), max);
    expect(at("")).toBe(1);
    expect(at("?page=3")).toBe(3);
    for (const bad of ["0", "-4", "2.5", "2abc", "abc", "1%00", "1e3", "9999999999"]) expect(at(`?page=${bad}`), bad).toBe(1);
    expect(at("?page=123456789")).toBe(123456789);
    expect(at("?page=2000000", 999_999)).toBe(999_999);
    expect(listState(new URL("http://x/list?search=%20Ann%20&page=2"))).toEqual({ search: "Ann", page: 2, query: "?search=Ann&page=2" });
  });
});
