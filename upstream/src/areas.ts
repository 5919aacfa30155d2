/**
 * The one index of the upstream's areas: each area lists what it adds in its `<area>/area.ts`
 * (`runtime/area.ts`), and has one line here. The order is the order its demo data's steps run
 * (ADR 033: the Today data needs the clients, the audit log's changes come last); areas without
 * steps follow. From this list come the handler table (here, checked against the contract), the
 * seed runner's steps (`seed.ts`) and the test hooks (`testhooks.ts`).
 */
import type { Impl } from "./http/contract-handlers.ts";
import { area as clients } from "./clients/area.ts";
import { area as today } from "./today/area.ts";
import { area as evacuations } from "./evacuations/area.ts";
import { area as sites } from "./sites/area.ts";
import { area as groups } from "./groups/area.ts";
import { area as members } from "./members/area.ts";
import { area as preRegistrations } from "./pre-registrations/area.ts";
import { area as sso } from "./sso/area.ts";
import { area as history } from "./history/area.ts";
import { area as visits } from "./visits/area.ts";
import { area as account } from "./account/area.ts";
import { area as attendance } from "./attendance/area.ts";
import { area as spaces } from "./spaces/area.ts";
import { area as closures } from "./closures/area.ts";
import { area as safetyCheck } from "./safety-check/area.ts";
import { area as notifications } from "./notifications/area.ts";
import { area as apiClients } from "./api-clients/area.ts";
import { area as visitorForms } from "./visitor-forms/area.ts";
import { area as audit } from "./audit/area.ts";
import { area as auth } from "./auth/area.ts";
import { area as devices } from "./devices/area.ts";
import { area as roles } from "./roles/area.ts";
import { area as users } from "./users/area.ts";
import { area as addons } from "./addons/area.ts";
import { area as timeAttendance } from "./time-attendance/area.ts";

export const AREAS = [
  clients,
  today,
  evacuations,
  sites,
  groups,
  members,
  preRegistrations,
  sso,
  history,
  visits,
  account,
  attendance,
  spaces,
  closures,
  timeAttendance,
  safetyCheck,
  notifications,
  apiClients,
  visitorForms,
  audit,
  auth,
  devices,
  roles,
  users,
  addons,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type HandlersOf<A> = A extends { handlers: infer H } ? H : never;
/** Every area's handlers, as one table. */
type Merged = UnionToIntersection<HandlersOf<(typeof AREAS)[number]>>;
/** The contract's routes no area handles (none, or the check below fails). */
type Unhandled = Exclude<keyof Impl, keyof Merged>;

/** A route of the contract without a handler is a type error here, naming the route. */
export const everyRouteHandled: [Unhandled] extends [never] ? true : { unhandled: Unhandled } = true;

/** The whole table of the contract's routes (bound by `routes.ts`). */
export const handlers: Impl = Object.assign({}, ...AREAS.map((a) => a.handlers)) as Merged;
