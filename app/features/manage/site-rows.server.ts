/**
 * What the site tabs that list rows (devices, sign-in points, attendees) say about a row: a row
 * form whose id is not an id at all (400), and what an upstream 404 means there (the row is not
 * this site's, or was deleted meanwhile).
 */
import { answerNotice } from "~/forms/action-result.server";

/** What a 404 means for a row of a site tab (`refused`'s `notFound`). */
export const ROW_GONE = "common:rows.row_gone";

/** A row form whose posted id is not a positive integer: 400, said above the tab. */
export const badRow = (intent: string) => answerNotice({ intent }, "common:rows.row_unknown", 400);
