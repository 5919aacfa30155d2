/** The notice above a site tab for an action's message that belongs to no form on the page. */
import { NoticeBanner } from "~/ui/notice";

export function TabNotice({ notice }: { notice: string | null | undefined }) {
  if (!notice) return null;
  return <NoticeBanner notice={notice.startsWith("@") ? { text: notice.slice(1), tone: "error" } : { key: notice, tone: "error" }} />;
}
