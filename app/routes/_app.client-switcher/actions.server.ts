/**
 * Switching client: a new token for the chosen client (auth/access-token with client_id and
 * update_last_client), kept in the session; then Today, where config is read for that client.
 * Spec §8: a failure says 'Failed to load client', with the refusal's status.
 */
import { z } from "zod";
import { answerNotice, done } from "~/forms/action-result.server";
import { tokensFrom, type Viewer } from "~/session/auth.server";
import { upstreamContext } from "~/session/request-context.server";
import { saveTokens } from "~/session/session.server";
import { callUpstream, decodeAccessToken } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";

const FORM = { intent: "switch" };
const FAILED = "common:client_switcher.failed";
const SwitchSchema = z.object({ client_id: z.string().regex(/^[a-z]{2}:\d+$/) });

export async function switchClient({ request, viewer, form }: { request: Request; viewer: Viewer; form: FormData }) {
  const parsed = SwitchSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answerNotice(FORM, FAILED, 400);
  try {
    const pair = await callUpstream("accessToken", {
      ...(await upstreamContext(request)),
      body: { refresh_token: viewer.tokens.refreshToken, client_id: parsed.data.client_id, update_last_client: true },
    });
    if (decodeAccessToken(pair.access_token).aud !== parsed.data.client_id) throw new Error("token for another client");
    await saveTokens(request, viewer.session, tokensFrom(pair, viewer.tokens));
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    // A token for another client is a broken upstream (502).
    const status = err instanceof UpstreamError || err instanceof UpstreamUnavailableError ? refusalOf(err).status : 502;
    return answerNotice(FORM, FAILED, status);
  }
  return done(request, viewer, "/today", { key: "common:client_switcher.switched", tone: "success" });
}
