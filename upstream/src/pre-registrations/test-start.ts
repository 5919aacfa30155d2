/** The start the pre-registration API tests share: an upstream, Acme with `new-pre-reg-form`, its admin and its two sites. */
import type { As } from "../http/http-test-client.ts";
import { collectServerErrors, startTestUpstream } from "../test-support.ts";

export async function startPreRegTests(call: (method: string, p: string, body?: unknown) => Promise<unknown>, as: (email: string) => Promise<As>, started: (up: Awaited<ReturnType<typeof startTestUpstream>>) => void) {
  const up = await startTestUpstream();
  started(up);
  const serverErrors = collectServerErrors(up);
  await call("POST", "/__test/clients/eu:1", { group_limit: null, settings: { "beta.new-pre-reg-form": true } });
  const admin = await as("admin@example.com");
  const sites = (await admin.get("sites")).json as { id: number; name: string }[];
  return { up, serverErrors, admin, hq: sites.find((s) => s.name === "Head Office")!.id, wh: sites.find((s) => s.name !== "Head Office")!.id };
}
