import { readSession, unavailable } from "./auth.server";
import { commitSession, type FlashData } from "./session.server";
import { StoreUnavailableError } from "./store.server";

/**
 * Read (and so consume) the one-shot notice of this session: the no-JavaScript form of a toast.
 * Only writes the session back when there was a notice to consume.
 */
export async function readFlash(request: Request): Promise<{ notice: FlashData["notice"] | null; headers: Headers }> {
  const headers = new Headers();
  if (!request.headers.get("Cookie")?.includes("gh_session")) return { notice: null, headers };
  const session = await readSession(request);
  const notice = session.get("notice") ?? null;
  if (notice) {
    try {
      headers.append("Set-Cookie", await commitSession(request, session));
    } catch (err) {
      if (err instanceof StoreUnavailableError) unavailable("store");
      throw err;
    }
  }
  return { notice, headers };
}
