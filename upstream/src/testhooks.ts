/**
 * Test hooks under `/__test/`, registered only when UPSTREAM_TEST_HOOKS=1. Each area lists its own
 * in `<area>/testhooks.ts` (a table of `TestHook`s, `http/testhooks.ts`) and names them in its
 * `area.ts`: this registers those of every area of the index (`areas.ts`), those of the ground
 * folders and the stand-ins (not areas), and the one hook that spans them (every injected fault
 * cleared).
 */
import type { App } from "./runtime/app.ts";
import type { Router } from "./http/router.ts";
import type { TestHook } from "./http/testhooks.ts";
import { AREAS } from "./areas.ts";
import { testHooks as runtime } from "./runtime/testhooks.ts";
import { testHooks as uploads } from "./http/upload-testhooks.ts";
import { testHooks as realtime } from "./realtime/testhooks.ts";
import { clearDirectoryFaults } from "./directory/server.ts";
import { testHooks as directory } from "./directory/testhooks.ts";
import { setCentralRecordFault } from "./central-record/server.ts";
import { testHooks as centralRecord } from "./central-record/testhooks.ts";
import { setSlackFault } from "./slack/server.ts";
import { testHooks as slack } from "./slack/testhooks.ts";

/** The hooks of the folders that are not areas: the ground and the stand-ins. */
const GROUND: ((app: App) => TestHook[])[] = [runtime, uploads, realtime, directory, centralRecord, slack];

export function registerTestHooks(router: Router, app: App): void {
  const tables = [...GROUND, ...AREAS.map((a) => ("testHooks" in a ? a.testHooks : () => []))];
  for (const table of tables) for (const hook of table(app)) router.add(hook.method, hook.path, hook.handler);
  router.post("/__test/faults/reset", () => {
    app.stats.clearFaults();
    clearDirectoryFaults(app);
    setCentralRecordFault(app, null);
    setSlackFault(app, null);
    return { body: { ok: true } };
  });
}
