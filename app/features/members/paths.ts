/** The members area's URLs (shared by server and browser). */
import type { MemberTab } from "@contract";

export const membersPath = (groupId: number) => `/manage/group/${groupId}/members`;
export const memberPath = (groupId: number, memberId: number, tab: MemberTab = "details") => `${membersPath(groupId)}/${memberId}/${tab}`;
