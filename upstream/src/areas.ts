/**
 * The one index of the upstream's areas: each adds its handlers of the contract's routes (its own
 * `handlers.ts`), one line each. Typed as `Impl`, so a route of the contract without a handler is a
 * type error here.
 */
import type { Impl } from "./http/contract-handlers.ts";
import { authHandlers } from "./auth/handlers.ts";
import { ssoHandlers } from "./sso/handlers.ts";
import { clientHandlers } from "./clients/handlers.ts";
import { todayHandlers } from "./today/handlers.ts";
import { evacuationHandlers } from "./evacuations/handlers.ts";
import { siteHandlers } from "./sites/handlers.ts";
import { deviceHandlers } from "./devices/handlers.ts";
import { groupHandlers } from "./groups/handlers.ts";
import { memberHandlers } from "./members/handlers.ts";
import { preRegistrationHandlers } from "./pre-registrations/handlers.ts";
import { auditHandlers } from "./audit/handlers.ts";
import { roleHandlers } from "./roles/handlers.ts";
import { userHandlers } from "./users/handlers.ts";
import { visitHandlers } from "./visits/handlers.ts";
import { historyHandlers } from "./history/handlers.ts";
import { accountHandlers } from "./account/handlers.ts";
import { attendanceHandlers } from "./attendance/handlers.ts";
import { safetyCheckHandlers } from "./safety-check/handlers.ts";
import { notificationHandlers } from "./notifications/handlers.ts";
import { apiClientHandlers } from "./api-clients/handlers.ts";
import { visitorFormHandlers } from "./visitor-forms/handlers.ts";

export const handlers: Impl = {
  ...authHandlers,
  ...ssoHandlers,
  ...clientHandlers,
  ...todayHandlers,
  ...evacuationHandlers,
  ...siteHandlers,
  ...deviceHandlers,
  ...groupHandlers,
  ...memberHandlers,
  ...preRegistrationHandlers,
  ...auditHandlers,
  ...roleHandlers,
  ...userHandlers,
  ...visitHandlers,
  ...historyHandlers,
  ...accountHandlers,
  ...attendanceHandlers,
  ...safetyCheckHandlers,
  ...notificationHandlers,
  ...apiClientHandlers,
  ...visitorFormHandlers,
};
