/** Names the audit log's list and entry dialog share. */
import { useTranslation } from "react-i18next";

/** The kind of thing an entry is about, in words ("Site"), or its table's name for one not known here. */
export function useEntityName() {
  const { t } = useTranslation("audit");
  return (entity: string) => t(`entity.${entity}`, { defaultValue: entity.replace(/_/g, " ") });
}
