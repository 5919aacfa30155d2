/**
 * Time and attendance: working hours, rotas, a member's and a group's rota, activity statuses
 * (issue 27 items 1 and 3). This area's handlers of the contract's routes (the whole table is
 * assembled in ../areas.ts).
 */
import type { timeAttendanceRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createWorkingHours, deleteWorkingHours, getWorkingHours, listWorkingHours, updateWorkingHours } from "./working-hours.ts";
import { assignGroupRota, assignMemberRota, copyRota, createRota, deleteRota, getMemberRota, getRota, listRotas, updateRota } from "./rotas.ts";
import { getTimesheets } from "./timesheets.ts";
import { archiveStatus, createStatus, deleteStatus, listStatuses, orderStatuses, updateStatus } from "./statuses.ts";

export const timeAttendanceHandlers = {
  workingHours: ({ app, principal }) => listWorkingHours(app, principal),
  createWorkingHours: ({ app, principal, body }) => createWorkingHours(app, principal, body),
  workingHoursOne: ({ app, principal, ctx }) => getWorkingHours(app, principal, ctx.params.workingHoursId),
  updateWorkingHours: ({ app, principal, ctx, body }) => updateWorkingHours(app, principal, ctx.params.workingHoursId, body),
  deleteWorkingHours: ({ app, principal, ctx, body }) => deleteWorkingHours(app, principal, ctx.params.workingHoursId, body.name),
  rotas: ({ app, principal }) => listRotas(app, principal),
  createRota: ({ app, principal, body }) => createRota(app, principal, body),
  rota: ({ app, principal, ctx }) => getRota(app, principal, ctx.params.rotaId),
  updateRota: ({ app, principal, ctx, body }) => updateRota(app, principal, ctx.params.rotaId, body),
  deleteRota: ({ app, principal, ctx }) => deleteRota(app, principal, ctx.params.rotaId),
  copyRota: ({ app, principal, ctx, body }) => copyRota(app, principal, ctx.params.rotaId, body.name),
  memberRota: ({ app, principal, ctx }) => getMemberRota(app, principal, ctx.params.memberId),
  assignMemberRota: ({ app, principal, ctx, body }) => assignMemberRota(app, principal, ctx.params.memberId, body.rota_id),
  assignGroupRota: ({ app, principal, ctx, body }) => assignGroupRota(app, principal, ctx.params.groupId, body.rota_id),
  activityStatuses: ({ app, principal }) => listStatuses(app, principal),
  createActivityStatus: ({ app, principal, body }) => createStatus(app, principal, body),
  updateActivityStatus: ({ app, principal, ctx, body }) => updateStatus(app, principal, ctx.params.statusId, body),
  deleteActivityStatus: ({ app, principal, ctx }) => deleteStatus(app, principal, ctx.params.statusId),
  archiveActivityStatus: ({ app, principal, ctx }) => archiveStatus(app, principal, ctx.params.statusId, true),
  unarchiveActivityStatus: ({ app, principal, ctx }) => archiveStatus(app, principal, ctx.params.statusId, false),
  orderActivityStatuses: ({ app, principal, body }) => orderStatuses(app, principal, body.ids),
  timesheets: ({ app, principal, ctx }) => getTimesheets(app, principal, ctx.url),
} satisfies Handlers<keyof typeof timeAttendanceRoutes>;
