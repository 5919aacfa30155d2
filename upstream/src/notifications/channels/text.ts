/** The one line an email, SMS, phone call, Slack or Teams message says about an event (English, like the upstream's other mail). */
import type { EventPayload } from "./payload.ts";

type Obj = Record<string, unknown>;
const str = (o: unknown, k: string): string => (o && typeof o === "object" && typeof (o as Obj)[k] === "string" ? ((o as Obj)[k] as string) : "");

export function eventText(p: EventPayload): string {
  const d = p.data ?? {};
  const visit = d.visit as Obj | undefined;
  const site = str(d.site, "name");
  const group = str(d.group, "name");
  const who = str(visit, "name") || str(d.pre_registration, "name");
  const company = str(visit, "company") || str(d.pre_registration, "company");
  const host = str(visit, "host") || str(d.pre_registration, "host");
  const person = `${who}${company ? ` (${company})` : ""}`;
  const seeing = host ? ` to see ${host}` : "";
  const test = p.test ? "[Test] " : "";
  switch (p.type) {
    case "visit.signed_in":
      return `${test}${person} signed in at ${site}${group ? ` (${group})` : ""}${seeing}.`;
    case "visit.signed_out":
      return `${test}${person} signed out at ${site}.`;
    case "visit.automatically_signed_out":
      return `${test}${person} was signed out automatically at ${site}.`;
    case "visit.sign_in_rejected":
      return `${test}${person} was refused sign-in at ${site}${str(d.rejection, "reason") ? `: ${str(d.rejection, "reason")}` : ""}.`;
    case "pre_registration.created":
      return `${test}${person} is pre-registered at ${site}${str(d.pre_registration, "arrive_at") ? ` for ${str(d.pre_registration, "arrive_at")}` : ""}${seeing}.`;
    case "evacuation.started":
      return `${test}An evacuation has started at ${site}.`;
    case "evacuation.completed":
      return `${test}The evacuation at ${site} is complete.`;
    default:
      return `${test}${p.type}`;
  }
}
