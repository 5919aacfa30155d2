/** The smaller tabs of a managed site: its badge and its sign-in points. */
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";

/** Badge templates of the client, and the one the site prints (groups spec §3 badge elements). */
export const BADGE_ELEMENT_TYPES = ["photo", "logo", "qr", "name", "group", "date", "time", "field", "personal", "text"] as const;
export const SiteBadges = z.object({
  badge_id: z.number().int().nullable(),
  store_badges: z.boolean(),
  badges: z.array(z.object({ id: z.number().int(), name: z.string(), elements: z.array(z.enum(BADGE_ELEMENT_TYPES)) })),
});

/** Sign-in points: named QR codes placed around a site that the companion app scans to sign in. */
export const SignInPoint = z.object({ id: z.number().int(), name: z.string(), qr_value: z.string(), created_at: z.string() });
export const SignInPointRequest = z.object({ name: z.string("A sign-in point name is required").trim().min(1, "A sign-in point name is required").max(100) });

export const siteExtraRoutes = {
  siteBadges: { method: "GET", path: "sites/{siteId}/badges", base: "regional", auth: "bearer", response: SiteBadges, summary: "The client's badge templates and the site's badge (viewer right); choose one with PATCH sites/{siteId} badge_id" },
  signInPoints: { method: "GET", path: "sites/{siteId}/sign-in-points", base: "regional", auth: "bearer", response: z.array(SignInPoint), summary: "The site's sign-in points (viewer right)" },
  createSignInPoint: { method: "POST", path: "sites/{siteId}/sign-in-points", base: "regional", auth: "bearer", body: SignInPointRequest, response: SignInPoint, summary: "Add a sign-in point with a fresh QR value (editor right)" },
  updateSignInPoint: { method: "PATCH", path: "sites/{siteId}/sign-in-points/{pointId}", base: "regional", auth: "bearer", body: SignInPointRequest, response: SignInPoint, summary: "Rename a sign-in point (editor right)" },
  deleteSignInPoint: { method: "DELETE", path: "sites/{siteId}/sign-in-points/{pointId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a sign-in point; its QR code stops working (editor right)" },
} as const satisfies Record<string, RouteDef>;
