/**
 * Moving and deleting a row of one of a site's ordered lists (messages, custom fields…), the same
 * for every tab: the posted row (`id`, never trusted) is looked up in the list read fresh — a row
 * of another site, or one gone meanwhile, is "not found" (404) — then the upstream gets the full new
 * order (`movedOrder`) or the deletion; a refusal answers with `refused`, success with `done` and the
 * tab's notice.
 */
import type { Notice } from "~/forms/action-result";
import { answerNotice, done, refused, requirePostedId } from "~/forms/action-result.server";
import { movedOrder } from "./site-tabs.server";
import type { SiteTabAction } from "./sites.server";

/** A site's ordered list, as its move and delete forms need it. */
export interface OrderedList<Row extends { id: number }> {
  /** The site's rows in order, read fresh. */
  rows: () => Promise<Row[]>;
  /** What a row that is not in the list means here (a translation key). */
  notFound: string;
  /** The tab, where success leads. */
  path: string;
}

async function postedRow<Row extends { id: number }>(form: FormData, list: OrderedList<Row>) {
  const id = requirePostedId(form.get("id"));
  const rows = await list.rows();
  return { id, ids: rows.map((r) => r.id), row: rows.find((r) => r.id === id) };
}

/** Move the posted row up or down (`direction`): the upstream gets the full new order from `reorder`. */
export async function moveRow<Row extends { id: number }>({ request, viewer, form }: SiteTabAction, list: OrderedList<Row>, reorder: (ids: number[]) => Promise<unknown>, notice: (row: Row) => Notice) {
  const { id, ids, row } = await postedRow(form, list);
  const order = movedOrder(ids, id, form.get("direction"));
  const intent = { intent: "move", row: id };
  if (!row || !order) return answerNotice(intent, list.notFound, 404);
  try {
    await reorder(order);
  } catch (err) {
    return refused(err, { ...intent, notFound: list.notFound });
  }
  return done(request, viewer, list.path, notice(row));
}

/** Delete the posted row (confirmed by its form) with `remove`. */
export async function deleteRow<Row extends { id: number }>({ request, viewer, form }: SiteTabAction, list: OrderedList<Row>, remove: (id: number) => Promise<unknown>, notice: (row: Row) => Notice) {
  const { id, row } = await postedRow(form, list);
  const intent = { intent: "delete", row: id };
  if (!row) return answerNotice(intent, list.notFound, 404);
  try {
    await remove(id);
  } catch (err) {
    return refused(err, { ...intent, notFound: list.notFound });
  }
  return done(request, viewer, list.path, notice(row));
}
