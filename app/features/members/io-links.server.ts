/** What the members tab's spreadsheet links may offer this user (see io-links.tsx). */
import { can } from "~/access/rights";
import type { Access } from "~/access/guard.server";
import type { MemberIoCan } from "./io-links";

export const ioPermissions = (access: Pick<Access, "ctx">): MemberIoCan => ({
  export: can(access, ["GroupMember.viewer", "ManageVisitorGroup.export"]),
  import: can(access, ["GroupMember.viewer", "GroupMember.editor", "ManageVisitorGroup.editor"]),
});
