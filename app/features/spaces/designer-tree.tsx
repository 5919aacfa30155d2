/**
 * The designer's tree (issue 26 item 4; ADR 036): zones and spaces as nested lists, each with its
 * forms behind "Edit …" (a native <details>, open when the last answer was about it): name,
 * category and tags, its zone and place among its siblings, its coordinates on the floor plan, its
 * floor plan or photo, and delete — with the confirmation the upstream asks for when a zone still
 * holds things or there are active bookings.
 */
import { useTranslation } from "react-i18next";
import { SPACE_CATEGORIES } from "@contract/spaces-messages";
import { rowNotice } from "~/forms/action-result";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { UploadForm } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import type { DesignResult } from "./design.server";
import type { DesignNode, ZoneChoice } from "./design-view.server";
import { ActButton, DesignForm, Input, Select, answerFor } from "./designer-fields";

interface TreeProps {
  nodes: DesignNode[];
  zones: ZoneChoice[];
  action: string;
  answer: DesignResult | undefined;
  canDelete: boolean;
  planNames: Map<number, string>;
}

export function DesignTree(props: TreeProps) {
  return (
    <ul className="designer-tree">
      {props.nodes.map((n) => (
        <TreeNode key={n.id} node={n} {...props} />
      ))}
    </ul>
  );
}

function TreeNode({ node, ...props }: TreeProps & { node: DesignNode }) {
  const { t } = useTranslation("spaces");
  const { zones, action, answer, canDelete, planNames } = props;
  const isSpace = node.type === "space";
  const mine = (intent: string) => answerFor(answer, intent, node.id);
  const open = answer?.row === node.id;
  const f = (what: string) => `node-${node.id}-${what}`;
  const update = mine("update");
  const placed = mine("place");
  // A zone cannot move into itself or a zone inside it.
  const targets = zones.filter((z) => isSpace || !z.path.includes(node.id));
  const confirm = answer?.confirm && answer.confirm.node_id === node.id ? answer.confirm : null;
  return (
    <li className={`designer-node designer-node--${node.type}`} data-node-id={node.id}>
      <span className="designer-node__name">{node.name}</span>{" "}
      <span className="muted">
        {isSpace ? t(`category.${node.category ?? "other"}`) : t("designer.zone")}
        {node.tags.length ? ` · ${node.tags.join(", ")}` : ""}
        {isSpace && node.placement ? ` · ${t("designer.placed_at", { x: node.placement.x, y: node.placement.y })}` : ""}
      </span>
      <ActionNotice notice={rowNotice(answer, node.id)} />
      {confirm ? (
        <div className="designer-confirm notice notice--error" role="alert">
          <p>{confirm.cancel_bookings ? t("designer.confirm.bookings", { count: confirm.bookings, name: node.name }) : t("designer.confirm.children", { name: node.name })}</p>
          <DesignForm id={f("confirm")} action={action} intent="delete" row={node.id}>
            {confirm.with_children ? <input type="hidden" name="with_children" value="1" /> : null}
            {confirm.cancel_bookings ? <input type="hidden" name="cancel_bookings" value="1" /> : null}
            <button type="submit" className="button button--danger">
              {t("designer.confirm.submit", { name: node.name })}
            </button>
          </DesignForm>
        </div>
      ) : null}
      <details className="designer-node__edit" open={open || undefined}>
        <summary>
          {t("designer.edit")}
          <span className="visually-hidden"> {node.name}</span>
        </summary>
        <DesignForm id={f("update")} action={action} intent="update" row={node.id} answer={update}>
          <input type="hidden" name="type" value={node.type} />
          <input type="hidden" name="was_parent" value={node.parentId ?? ""} />
          <input type="hidden" name="was_position" value={node.position} />
          <Input form={f("update")} name="name" label={t("designer.field.name")} answer={update} stored={node.name} maxLength={100} required />
          {isSpace ? (
            <>
              <Select form={f("update")} name="category" label={t("designer.field.category")} answer={update} stored={node.category}>
                {SPACE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`category.${c}`)}
                  </option>
                ))}
              </Select>
              <Input form={f("update")} name="tags" label={t("designer.field.tags")} hint={t("designer.field.tags_hint")} answer={update} stored={node.tags.join(", ")} />
            </>
          ) : null}
          <Select form={f("update")} name="parent_id" label={t("designer.field.zone")} answer={update} stored={node.parentId}>
            <option value="">{t("designer.top")}</option>
            {targets.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label}
              </option>
            ))}
          </Select>
          <Input form={f("update")} name="position" type="number" min={0} step={1} inputMode="numeric" label={t("designer.field.position")} hint={t("designer.field.position_hint")} answer={update} stored={node.position} />
          <div className="actions">
            <ActButton variant="primary" label={t("designer.save")} what={node.name} />
          </div>
        </DesignForm>
        {isSpace ? (
          <DesignForm id={f("place")} action={action} intent="place" row={node.id} answer={placed} label={t("designer.place_heading", { name: node.name })}>
            <p className="hint">{node.planZone !== null ? t("designer.place_hint", { zone: planNames.get(node.planZone) ?? "" }) : t("designer.place_no_plan")}</p>
            <Input form={f("place")} name="x" type="number" min={0} max={1} step="any" inputMode="decimal" label={t("designer.field.x")} answer={placed} stored={node.placement?.x} />
            <Input form={f("place")} name="y" type="number" min={0} max={1} step="any" inputMode="decimal" label={t("designer.field.y")} answer={placed} stored={node.placement?.y} />
            <div className="actions">
              <ActButton label={t("designer.place")} what={node.name} />
            </div>
          </DesignForm>
        ) : null}
        <FileForms node={node} action={action} answer={answer} />
        {canDelete ? (
          <DesignForm id={f("delete")} action={action} intent="delete" row={node.id}>
            <ActButton label={t("designer.delete")} what={node.name} />
          </DesignForm>
        ) : null}
      </details>
      {node.children.length ? (
        <ul>
          {node.children.map((c) => (
            <TreeNode key={c.id} node={c} {...props} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A zone's floor plan or a space's photo: shown, uploaded (multipart, as the branding image), removed. */
function FileForms({ node, action, answer }: { node: DesignNode; action: string; answer: DesignResult | undefined }) {
  const { t } = useTranslation("spaces");
  const kind = node.type === "zone" ? "floor-plan" : "photo";
  const url = node.type === "zone" ? node.floorPlan : node.photo;
  const { t: ts } = useTranslation("sites");
  return (
    <div className="designer-file">
      {url && kind === "photo" ? <img className="media-preview" src={url} alt={t("designer.photo_alt", { name: node.name })} /> : null}
      <UploadForm
        key={url ?? "none"}
        id={`node-${node.id}-${kind}`}
        schema={uploadSchema("image")}
        accept={UPLOAD_RULES.image.accept}
        action={action}
        intent={`upload-${kind}`}
        hidden={{ node_id: node.id }}
        lastResult={answerFor(answer, `upload-${kind}`, node.id).answered ? (answer?.result ?? undefined) : undefined}
        label={t(`designer.${kind}.field`, { name: node.name })}
        hint={`${ts("media.image_hint")} ${ts("branding.image_size_hint")}`}
        submitLabel={t(`designer.${kind}.upload`, { name: node.name })}
      />
      {url ? (
        <DesignForm id={`node-${node.id}-remove-${kind}`} action={action} intent={`remove-${kind}`} row={node.id}>
          <ActButton label={t(`designer.${kind}.remove`)} what={node.name} />
        </DesignForm>
      ) : null}
    </div>
  );
}
