/** The demo directory's test hooks: a provider answering as in a sync error, a group's people changed. */
import { z } from "zod";
import { SYNC_ERRORS, SYNC_PROVIDERS, type SyncErrorCode } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { setDirectoryFault, setDirectoryMembers } from "./server.ts";

const DirectoryFaultBody = z.object({
  provider: z.enum(SYNC_PROVIDERS),
  /** One of the contract's SYNC_ERRORS codes, or null to answer normally again. */
  fault: z.enum(Object.keys(SYNC_ERRORS) as [SyncErrorCode, ...SyncErrorCode[]]).nullable(),
});

const DirectoryMembersBody = z.object({
  /** The directory group's people from now on; null: back to the demo data. */
  members: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: z.string().min(1).max(200),
        email: z.string().max(200).default(""),
        mobile: z.string().max(30).nullable().default(null),
      })
    )
    .max(200)
    .nullable(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // The demo directory: a provider answering as in one of the sync errors, or a group's people changed.
    {
      method: "POST",
      path: "/__test/directory/faults",
      handler: async (ctx) => {
        const b = parseTestInput(DirectoryFaultBody, await ctx.readBody());
        setDirectoryFault(app, b.provider, b.fault);
        return { body: { ok: true } };
      },
    },
    {
      method: "POST",
      path: "/__test/directory/:provider/groups/:groupId/members",
      handler: async (ctx) => {
        const provider = parseTestInput(z.enum(SYNC_PROVIDERS), ctx.params.provider);
        const b = parseTestInput(DirectoryMembersBody, await ctx.readBody());
        if (!setDirectoryMembers(app, provider, ctx.params.groupId, b.members)) throw notFound("Unknown directory group.");
        return { body: { ok: true } };
      },
    },
  ];
}
