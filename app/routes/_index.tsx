import { redirect } from "@remix-run/node";

/** Spec §2: / redirects to /today (which sends a signed-out visitor to /login). */
export function loader() {
  return redirect("/today");
}
