/**
 * Time and attendance's plain values (issue 27 items 1 and 3), without zod: the weekdays, the rota
 * types and break types (platform §3), the 14 named colours of an activity status (groups spec §3:
 * the spec does not name them; these are ours), the limits and the words of every refusal.
 * ./index re-exports them; the portal's forms import them (ADR 010, as ./spaces-messages).
 */
import type { Catalogue } from "./catalogue.ts";
import { TIME_ATTENDANCE_KEYS } from "./message-keys.ts";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Platform §3: a rota is flexible (hours a week) or scheduled (shifts). */
export const ROTA_TYPES = ["flexible", "scheduled"] as const;
export type RotaType = (typeof ROTA_TYPES)[number];
/** Platform §3: no break, a flexible break (minutes, taken when the member likes) or a scheduled one (times). */
export const BREAK_TYPES = ["none", "flexible", "scheduled"] as const;
export type BreakType = (typeof BREAK_TYPES)[number];

/** Groups spec §3: one of 14 named colours. The API stores and answers the name. */
export const ACTIVITY_COLOURS = [
  "red", "pink", "purple", "deep-purple", "indigo", "blue", "light-blue",
  "cyan", "teal", "green", "lime", "amber", "orange", "grey",
] as const;
export type ActivityColour = (typeof ACTIVITY_COLOURS)[number];

export const TIME_ATTENDANCE_LIMITS = {
  name: 100,
  /** Shifts on one weekday. */
  shiftsPerDay: 4,
  /** A flexible break, in minutes. */
  breakMinutes: 240,
  /** A flexible rota's hours a week (7 × 24). */
  weeklyHours: 168,
  /** Activity statuses of one client (archived ones too). */
  statuses: 50,
} as const;

export const TIME_ATTENDANCE_MESSAGES = {
  notAuthorised: "You are not authorised to view working hours.",
  cannotEdit: "You are not authorised to change working hours.",
  statusesNotAuthorised: "You are not authorised to view activity statuses.",
  cannotEditStatuses: "You are not authorised to change activity statuses.",
  outsideSites: "You can only change rotas of your own sites.",
  clientWide: "Only a user of every site can change this organisation's working hours and activity statuses.",
  nameRequired: "The name is required",
  nameTooLong: "The name must be at most 100 characters",
  templateNameTaken: "Working hours with this name already exist",
  rotaNameTaken: "A rota with this name already exists",
  typedNameMismatch: "The name typed does not match",
  templateInUse: "These working hours are used by a rota: change the rota first",
  templateGone: "These working hours no longer exist",
  rotaGone: "This rota no longer exists",
  time: "Enter a time as HH:mm",
  shiftSameTimes: "A shift must end at a different time from its start",
  shiftsOverlap: "Shifts on one day must not overlap",
  tooManyShifts: "A day has at most 4 shifts",
  breakMinutes: "A flexible break is 1 to 240 minutes",
  breakTimes: "A scheduled break needs a start and an end inside a shift",
  noBreakValues: "A rota without a break has no break minutes or times",
  weeklyHours: "A flexible rota needs its hours a week, more than 0 and at most 168",
  flexibleHasShifts: "A flexible rota has no shifts or working hours",
  scheduledNeedsShifts: "A scheduled rota needs working hours or shifts of its own, not both",
  noShifts: "Give at least one shift",
  cover: "24/7 cover needs a scheduled rota whose shifts cover the whole week",
  chooseTemplate: "Choose working hours of this organisation",
  chooseSite: "Choose a site of this organisation",
  chooseRota: "Choose a rota of this organisation",
  memberGone: "This member no longer exists",
  groupGone: "This group no longer exists",
  statusNameRequired: "The activity status name is required",
  statusNameTaken: "An activity status with this name already exists",
  colourRequired: "The colour is required",
  statusGone: "This activity status no longer exists",
  defaultNotArchived: "The default activity status cannot be archived",
  defaultNotDeleted: "The default activity status cannot be deleted",
  archivedNotDefault: "An archived activity status cannot be the default",
  order: "List every activity status of the organisation once",
  tooManyStatuses: "An organisation has at most 50 activity statuses",
  timesheetsNotAuthorised: "You are not authorised to view timesheets.",
  timesheetDate: "Enter a date as YYYY-MM-DD",
  timesheetPeriod: "Choose a period of at most 31 days that ends on or after its start",
  chooseGroup: "Choose a group of this organisation",
  timesheetPage: "Choose a page number from 1",
} as const;

/** Time and attendance (issue 27): the catalogue (ADR 035). */
export const TIME_ATTENDANCE_CATALOGUE: Catalogue = {
  // "The name must be at most 100 characters" is the safety check's words too: its catalogue translates them.
  tables: [{ branch: TIME_ATTENDANCE_KEYS, messages: TIME_ATTENDANCE_MESSAGES, except: ["nameTooLong"] }],
};
