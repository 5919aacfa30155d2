/** Secrets (passwords, one-time codes) are never rendered back into a sign-in page. */
import type { SubmissionResult } from "@conform-to/react";

type ReplyOptions = { fieldErrors?: Record<string, string[]>; formErrors?: string[]; resetForm?: boolean; hideFields?: string[] };

/** The submission with every reply leaving `secrets` out, for `invalid` and `refused` to answer with. */
export function hidingSecrets(submission: { reply(options?: ReplyOptions): SubmissionResult<string[]> }, secrets: string[]) {
  return { reply: (options: ReplyOptions = {}) => submission.reply({ ...options, hideFields: secrets }) };
}
