/**
 * Upstream failures and their mapping to the spec's error catalogue (platform §8). Pure, shared
 * by server and client code, and unit-tested.
 */
import type { ErrorBody } from "@contract";

export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    readonly route: string,
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${route}: upstream answered ${status}${body.code ? ` (${body.code})` : ""}`);
  }
}

export class UpstreamUnavailableError extends Error {
  override name = "UpstreamUnavailableError";
  constructor(
    readonly route: string,
    detail: string,
  ) {
    super(`${route}: upstream unreachable (${detail})`);
  }
}

export class UntrustedIssuerError extends Error {
  override name = "UntrustedIssuerError";
  constructor(readonly issuer: string) {
    super(`Token issuer is not on the allow-list: ${issuer}`);
  }
}

/** A message to show: a translation key with its default, or the upstream's own text. */
export type Notice = { key?: string; text?: string };

/**
 * Spec §8: an error body with a code shows the translated auth_error.{code} (when a translation
 * exists), else the code itself; otherwise the body message, else 'Unknown error'.
 */
export function authErrorNotice(body: ErrorBody, hasTranslation: (key: string) => boolean): Notice {
  if (body.code) {
    const key = `auth_error.${body.code}`;
    return hasTranslation(key) ? { key } : { text: body.code };
  }
  if (body.message) return { text: body.message };
  return { key: "auth_error.unknown" };
}

/**
 * Field errors of a 422/429 answer, keyed by field name, as form messages: upstream text is
 * marked with "@" so the form shows it as it came (our own messages are translation keys).
 */
export function fieldErrors(err: UpstreamError): Record<string, string[]> {
  return Object.fromEntries(Object.entries(err.body.errors ?? {}).map(([field, messages]) => [field, messages.map((m) => `@${m}`)]));
}
