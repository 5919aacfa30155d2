/**
 * /spaces/:site_id/bookings/:id? — one booking (issue 26 item 3; ADR 036): its details, and where
 * the user may, the forms to change and cancel it. Without an id this URL is the bookings list's
 * (the list route answers it too; the new-booking form is the list's `?space=`), so both share it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingsPage } from "~/features/spaces/bookings-page";
import { listAction, listLoader } from "~/features/spaces/list.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { bookingLoader } from "./booking.server";
import { BookingView } from "./booking-view";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request, params }: LoaderFunctionArgs) => (params.id === undefined ? listLoader({ request, params }) : bookingLoader({ request, params }));
// One booking's forms post the same intents as the list's (change, cancel): the same handlers.
export const action = ({ request, params }: ActionFunctionArgs) => listAction({ request, params });

export default function SpacesBooking() {
  const d = useLoaderData<typeof loader>();
  return "kind" in d && d.kind === "booking" ? <BookingView /> : <BookingsPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
