/**
 * /spaces/:site_id?/bookings — book spaces (issue 26 item 3; ADR 036; Spaces.viewer or Spaces.book
 * to open, Spaces.book to book): a day and times, every space free or booked, "Book" on a free one,
 * my bookings and everyone's of the day. Without a site: the user's current spaces site. The page
 * and its actions are shared with /spaces/:site_id/bookings/:id? without an id (the same URL).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BookingsPage } from "~/features/spaces/bookings-page";
import { listAction, listLoader } from "~/features/spaces/list.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request, params }: LoaderFunctionArgs) => listLoader({ request, params });
export const action = ({ request, params }: ActionFunctionArgs) => listAction({ request, params });

export default function SpacesBookings() {
  return <BookingsPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
