/** The one intent dispatcher (ADR 035): unknown or missing intent 400, a missing right 403, else the intent's handler. */
import { describe, expect, test } from "vitest";
import { dispatch, postedIntent, requireIntent } from "~/forms/intents.server";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};
const access = (...abilities: string[]) => ({ ctx: { abilities: new Set(abilities) }, headers: new Headers() }) as never;
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err as Response;
  }
  throw new Error("nothing thrown");
};

describe("intents", () => {
  const table = { save: (a: { n: number }) => `saved ${a.n}`, delete: { right: "ManageUser.delete" as const, handler: (a: { n: number }) => `deleted ${a.n}` } };

  test("the posted intent's handler gets the arguments", () => {
    expect(dispatch(form({ intent: "save" }), table, { n: 1 }, access())).toBe("saved 1");
    expect(dispatch(form({ intent: "delete" }), table, { n: 2 }, access("ManageUser.delete"))).toBe("deleted 2");
  });

  test("an unknown, missing or inherited intent is a 400 Bad request", async () => {
    for (const f of [form({}), form({ intent: "nope" }), form({ intent: "toString" }), form({ intent: "__proto__" })]) {
      const r = thrown(() => dispatch(f, table, { n: 1 }, access("ManageUser.delete")));
      expect(r.status).toBe(400);
      expect(await r.text()).toBe("Bad request");
    }
    expect(thrown(() => postedIntent(form({ intent: "x" }), { y: 1 })).status).toBe(400);
    expect(thrown(() => requireIntent(form({ intent: "x" }), "save")).status).toBe(400);
    expect(requireIntent(form({ intent: "save" }), "save")).toEqual({ intent: "save" });
  });

  test("an intent's right: 403 Forbidden without it, checked before its handler runs", () => {
    let ran = false;
    const guarded = { delete: { right: "ManageUser.delete" as const, handler: () => (ran = true) } };
    const r = thrown(() => dispatch(form({ intent: "delete" }), guarded, null, access("ManageUser.viewer")));
    expect(r.status).toBe(403);
    expect(r.statusText).toBe("Forbidden");
    expect(ran).toBe(false);
  });

  test("who asks may come with the arguments", () => {
    const r = thrown(() => dispatch(form({ intent: "delete" }), table, { n: 1, access: access() }));
    expect(r.status).toBe(403);
  });
});
