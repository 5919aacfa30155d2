/**
 * The configuration tab's actions, one per intent: save the configuration; start verifying the
 * domain by DNS or by an emailed code; check the verification; enable or disable. Each parses its
 * form → `invalid`; calls the upstream → `refused` (its 422s on the form's fields); `done` back here.
 */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { type SsoAction } from "~/features/sso/sso.server";
import { SSO_PATH } from "~/features/sso/paths";
import { codeSchema, configSchema, emailSchema } from "~/features/sso/schemas";

const HERE = `${SSO_PATH}/configuration`;
const ok = (a: SsoAction, key: string) => done(a.request, a.access.viewer, HERE, { key: `sso:configuration.${key}`, tone: "success" });
const upstreamField = (f: string) => f.replace(/^provider\./, "");

export async function save(a: SsoAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(a.form, { schema: configSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await a.access.viewer.api("saveSsoConfig", {
      params: { clientId: a.clientId },
      body: {
        type: v.type,
        domain: v.domain,
        provider: { client_id: v.client_id, provider_host: v.provider_host, ...(v.client_secret ? { client_secret: v.client_secret } : {}) },
        clients: v.clients ?? [],
        default_role_id: v.default_role_id,
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: (f) => (["type", "domain", "client_id", "provider_host", "client_secret", "clients", "default_role_id"].includes(upstreamField(f)) ? upstreamField(f) : null) });
  }
  return ok(a, "saved");
}

export async function startDns(a: SsoAction) {
  try {
    await a.access.viewer.api("startSsoVerification", { params: { clientId: a.clientId }, body: { method: "dns" } });
  } catch (err) {
    return refused(err, { intent: "start-dns" });
  }
  return ok(a, "dns_started");
}

export async function startEmail(a: SsoAction) {
  const intent = { intent: "start-email" };
  const submission = parseSubmission(a.form, { schema: emailSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await a.access.viewer.api("startSsoVerification", { params: { clientId: a.clientId }, body: { method: "email", email: submission.value.email } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["email"] });
  }
  return ok(a, "code_sent");
}

export async function checkDns(a: SsoAction) {
  try {
    await a.access.viewer.api("checkSsoVerification", { params: { clientId: a.clientId }, body: {} });
  } catch (err) {
    return refused(err, { intent: "check-dns" });
  }
  return ok(a, "verified");
}

export async function checkCode(a: SsoAction) {
  const intent = { intent: "check-code" };
  const submission = parseSubmission(a.form, { schema: codeSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await a.access.viewer.api("checkSsoVerification", { params: { clientId: a.clientId }, body: { code: submission.value.code } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["code"] });
  }
  return ok(a, "verified");
}

async function setEnabled(a: SsoAction, enabled: boolean) {
  try {
    await a.access.viewer.api("setSsoEnabled", { params: { clientId: a.clientId }, body: { enabled } });
  } catch (err) {
    return refused(err, { intent: enabled ? "enable" : "disable" });
  }
  return ok(a, enabled ? "enabled" : "disabled");
}
export const enable = (a: SsoAction) => setEnabled(a, true);
export const disable = (a: SsoAction) => setEnabled(a, false);
