/**
 * The spaces designer's page (issue 26 item 4; ADR 036): the booking rules, "Add a zone" and "Add
 * a space", the tree, and each floor plan with its spaces. Every form is a plain POST that works
 * without JavaScript; with it, each floor plan becomes a canvas (./floor-plan-canvas, loaded only
 * here, on demand) where spaces are dragged into place and saved together.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { ADVANCE_LIMIT_UNITS, BUFFER_UNITS, SPACE_CATEGORIES } from "@contract/spaces-messages";
import { pageNotice } from "~/forms/action-result";
import { useHydrated } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import type { DesignResult } from "./design.server";
import type { FloorPlan } from "./design-view.server";
import { DesignForm, Input, Select, answerFor } from "./designer-fields";
import { DesignTree } from "./designer-tree";
import type { designerLoader as loader } from "./designer-route.server";

/** The canvas and its library: a chunk of its own, fetched only when a floor plan is shown with JavaScript. */
const FloorPlanCanvas = lazy(() => import("./floor-plan-canvas"));

export function DesignerPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<DesignResult>();
  const { t } = useTranslation("spaces");
  const action = `/manage/spaces/${d.site.id}`;
  const s = d.settings;
  const settings = answerFor(answer, "settings");
  const addZone = answerFor(answer, "add-zone");
  const addSpace = answerFor(answer, "add-space");
  const planNames = new Map(d.floorPlans.map((p) => [p.zoneId, p.zoneName]));
  const rows: number[] = [];
  const collect = (nodes: typeof d.tree) => nodes.forEach((n) => (rows.push(n.id), collect(n.children)));
  collect(d.tree);
  const zoneOptions = d.zones.map((z) => (
    <option key={z.id} value={z.id}>
      {z.label}
    </option>
  ));
  return (
    <div className="spaces-designer">
      <div className="page-heading">
        <h1>{t("designer.heading", { site: d.site.name })}</h1>
        <Link to={`/spaces/${d.site.id}/bookings`}>{t("designer.to_bookings")}</Link>
      </div>
      <p>{t("designer.intro")}</p>
      <ActionNotice notice={pageNotice(answer, rows)} />

      <section aria-labelledby="designer-rules" className="designer-section">
        <h2 id="designer-rules">{t("designer.rules.heading")}</h2>
        <DesignForm id="designer-settings" action={action} intent="settings" answer={settings}>
          <div className="field-row">
            <Select form="designer-settings" name="advance_unit" label={t("designer.rules.advance_unit")} answer={settings} stored={s.advanceUnit}>
              {ADVANCE_LIMIT_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`designer.rules.advance.${u}`)}
                </option>
              ))}
            </Select>
            <Input form="designer-settings" name="advance_value" type="number" min={1} max={99} step={1} inputMode="numeric" label={t("designer.rules.advance_value")} answer={settings} stored={s.advanceValue} />
          </div>
          <div className="field-row">
            <Input form="designer-settings" name="buffer_value" type="number" min={0} step={1} inputMode="numeric" label={t("designer.rules.buffer")} hint={t("designer.rules.buffer_hint")} answer={settings} stored={s.bufferValue} />
            <Select form="designer-settings" name="buffer_unit" label={t("designer.rules.buffer_unit")} answer={settings} stored={s.bufferUnit}>
              {BUFFER_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`designer.rules.unit.${u}`)}
                </option>
              ))}
            </Select>
          </div>
          <Input form="designer-settings" name="release_after" type="number" min={1} max={1440} step={1} inputMode="numeric" label={t("designer.rules.release")} hint={t("designer.rules.release_hint")} answer={settings} stored={s.releaseAfter} />
          <div className="actions">
            <button type="submit" className="button button--primary">
              {t("designer.rules.save")}
            </button>
          </div>
        </DesignForm>
      </section>

      <section aria-labelledby="designer-layout" className="designer-section">
        <h2 id="designer-layout">{t("designer.layout.heading")}</h2>
        <p className="hint">{t("designer.layout.count", { count: d.count })}</p>
        <div className="designer-add">
          <DesignForm id="designer-add-zone" key={`zone-${d.count}`} action={action} intent="add-zone" answer={addZone} label={t("designer.add_zone.heading")}>
            <h3>{t("designer.add_zone.heading")}</h3>
            <input type="hidden" name="type" value="zone" />
            <Input form="designer-add-zone" name="name" label={t("designer.field.name")} answer={addZone} maxLength={100} required />
            <Select form="designer-add-zone" name="parent_id" label={t("designer.field.inside")} answer={addZone}>
              <option value="">{t("designer.top")}</option>
              {zoneOptions}
            </Select>
            <div className="actions">
              <button type="submit" className="button button--primary">
                {t("designer.add_zone.submit")}
              </button>
            </div>
          </DesignForm>
          <DesignForm id="designer-add-space" key={`space-${d.count}`} action={action} intent="add-space" answer={addSpace} label={t("designer.add_space.heading")}>
            <h3>{t("designer.add_space.heading")}</h3>
            <input type="hidden" name="type" value="space" />
            <Input form="designer-add-space" name="name" label={t("designer.field.name")} answer={addSpace} maxLength={100} required />
            <Select form="designer-add-space" name="parent_id" label={t("designer.field.zone")} answer={addSpace}>
              <option value="">{t("designer.top")}</option>
              {zoneOptions}
            </Select>
            <Select form="designer-add-space" name="category" label={t("designer.field.category")} answer={addSpace} stored="desk">
              {SPACE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`category.${c}`)}
                </option>
              ))}
            </Select>
            <Input form="designer-add-space" name="tags" label={t("designer.field.tags")} hint={t("designer.field.tags_hint")} answer={addSpace} />
            <div className="actions">
              <button type="submit" className="button button--primary">
                {t("designer.add_space.submit")}
              </button>
            </div>
          </DesignForm>
        </div>
        {d.tree.length === 0 ? <p className="empty-state">{t("designer.layout.empty")}</p> : null}
        <DesignTree nodes={d.tree} zones={d.zones} action={action} answer={answer} canDelete={d.canDelete} planNames={planNames} />
      </section>

      <section aria-labelledby="designer-plans" className="designer-section">
        <h2 id="designer-plans">{t("designer.plans.heading")}</h2>
        <p className="hint">{t("designer.plans.intro")}</p>
        {d.floorPlans.length === 0 ? <p className="empty-state">{t("designer.plans.none")}</p> : null}
        {d.floorPlans.map((p) => (
          <PlanSection key={p.zoneId} plan={p} action={action} />
        ))}
      </section>
    </div>
  );
}

function PlanSection({ plan, action }: { plan: FloorPlan; action: string }) {
  const { t } = useTranslation("spaces");
  const hydrated = useHydrated();
  const id = `designer-plan-${plan.zoneId}`;
  const still = <StaticPlan plan={plan} />;
  return (
    <section aria-labelledby={id} className="designer-plan">
      <h3 id={id}>{t("designer.plans.of", { zone: plan.zoneName })}</h3>
      {hydrated ? (
        <Suspense fallback={still}>
          <FloorPlanCanvas plan={plan} action={action} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}

/** The plan without JavaScript: the image and each placed space marked on it (placing is by the coordinate forms). */
function StaticPlan({ plan }: { plan: FloorPlan }) {
  const { t } = useTranslation("spaces");
  const unplaced = plan.spaces.filter((s) => !s.placement);
  return (
    <>
      <div className="floor-plan">
        <img src={plan.url} alt={t("designer.plans.of", { zone: plan.zoneName })} />
        {/* Marked with SVG attributes in percentages (the CSP allows no style attribute): no viewBox, so the dots stay round. */}
        <svg className="floor-plan__markers" role="list" aria-label={t("designer.plans.placed")}>
          {plan.spaces.map((s) =>
            s.placement ? (
              <g key={s.id} role="listitem">
                <circle cx={`${s.placement.x * 100}%`} cy={`${s.placement.y * 100}%`} r="6" className="floor-plan-canvas__dot" />
                <text x={`${s.placement.x * 100}%`} y={`${s.placement.y * 100}%`} dx="10" dominantBaseline="central" className="floor-plan-canvas__label">
                  {s.name}
                </text>
              </g>
            ) : null,
          )}
        </svg>
      </div>
      {unplaced.length ? <p className="hint">{t("designer.plans.unplaced", { names: unplaced.map((s) => s.name).join(", ") })}</p> : null}
    </>
  );
}

