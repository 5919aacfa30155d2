/**
 * Test hooks under `/__test/`, registered only when UPSTREAM_TEST_HOOKS=1. Each area lists its own
 * in `<area>/testhooks.ts` (a table of `TestHook`s, `http/testhooks.ts`); this registers them all,
 * and the one hook that spans areas (every injected fault cleared).
 */
import type { App } from "./runtime/app.ts";
import type { Router } from "./http/router.ts";
import type { TestHook } from "./http/testhooks.ts";
import { registerVisitTestHooks } from "./visits/testhooks.ts";
import { registerAccountTestHooks } from "./account/testhooks.ts";
import { registerNotificationTestHooks } from "./notifications/testhooks.ts";
import { registerUploadTestHooks } from "./http/upload-testhooks.ts";
import { testHooks as runtime } from "./runtime/testhooks.ts";
import { testHooks as auth } from "./auth/testhooks.ts";
import { testHooks as realtime } from "./realtime/testhooks.ts";
import { clearDirectoryFaults } from "./directory/server.ts";
import { testHooks as directory } from "./directory/testhooks.ts";
import { setCentralRecordFault } from "./central-record/server.ts";
import { testHooks as centralRecord } from "./central-record/testhooks.ts";
import { setSlackFault } from "./slack/server.ts";
import { testHooks as slack } from "./slack/testhooks.ts";
import { testHooks as safetyCheck } from "./safety-check/testhooks.ts";
import { testHooks as history } from "./history/testhooks.ts";
import { testHooks as users } from "./users/testhooks.ts";
import { testHooks as clients } from "./clients/testhooks.ts";
import { testHooks as groups } from "./groups/testhooks.ts";
import { testHooks as roles } from "./roles/testhooks.ts";
import { testHooks as sites } from "./sites/testhooks.ts";
import { testHooks as devices } from "./devices/testhooks.ts";
import { testHooks as apiClients } from "./api-clients/testhooks.ts";

const AREAS: ((app: App) => TestHook[])[] = [
  runtime,
  auth,
  realtime,
  directory,
  centralRecord,
  safetyCheck,
  slack,
  history,
  users,
  clients,
  groups,
  roles,
  sites,
  devices,
  apiClients,
];

export function registerTestHooks(router: Router, app: App): void {
  // Visit management: the retention sweep now, old and rejected visits (visits/testhooks.ts).
  registerVisitTestHooks(router, app);
  registerAccountTestHooks(router, app);
  registerNotificationTestHooks(router, app);
  registerUploadTestHooks(router);
  for (const area of AREAS) for (const hook of area(app)) router.add(hook.method, hook.path, hook.handler);
  router.post("/__test/faults/reset", () => {
    app.stats.clearFaults();
    clearDirectoryFaults(app);
    setCentralRecordFault(app, null);
    setSlackFault(app, null);
    return { body: { ok: true } };
  });
}
