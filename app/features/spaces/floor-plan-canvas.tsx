/**
 * A floor plan as a canvas (issue 26 item 4; ADR 036): the plan in an SVG under
 * react-zoom-pan-pinch (zoom with the wheel or a pinch, pan by dragging the plan), each space a
 * marker dragged into place — or moved with the arrow keys when focused — and the spaces not yet
 * placed offered beside it. Moves are kept here as unsaved changes ("Unsaved changes" and a Save
 * button) until saved together (`place-many`); then "Saved". Loaded only by the designer, with
 * React.lazy: this module and the library are a chunk no other page fetches
 * (tests/unit/page-weight.test.ts).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TransformComponent, TransformWrapper } from "react-zoom-pan-pinch";
import { noticeOf, type ActionResult } from "~/forms/action-result";
import { ActionNotice } from "~/ui/notice";
import type { FloorPlan } from "./design-view.server";

type Point = { x: number; y: number };
const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));
const MARKER = "space-marker";

export default function FloorPlanCanvas({ plan, action }: { plan: FloorPlan; action: string }) {
  const { t } = useTranslation("spaces");
  const fetcher = useFetcher<ActionResult>();
  const stored = new Map(plan.spaces.map((s) => [s.id, s.placement]));
  const [places, setPlaces] = useState<Record<number, Point>>({});
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  // Platform §4: the save state defaults to saved.
  const [state, setState] = useState<"dirty" | "saving" | "saved">("saved");
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef<number | null>(null);

  // The image's own size gives the SVG its coordinates, so markers stay round.
  useEffect(() => {
    const img = new Image();
    img.onload = () => setSize({ w: img.naturalWidth || 1000, h: img.naturalHeight || 1000 });
    img.onerror = () => setSize({ w: 1000, h: 750 });
    img.src = plan.url;
  }, [plan.url]);

  useEffect(() => {
    if (state !== "saving" || fetcher.state !== "idle") return;
    if (fetcher.data && (fetcher.data as ActionResult).notice) setState("dirty");
    else {
      setPlaces({});
      setState("saved");
    }
  }, [fetcher.state, fetcher.data, state]);

  useEffect(() => {
    if (state !== "dirty") return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state]);

  const placeOf = (id: number): Point | null => places[id] ?? stored.get(id) ?? null;
  const move = (id: number, p: Point) => {
    setPlaces((all) => ({ ...all, [id]: { x: clamp(p.x), y: clamp(p.y) } }));
    setState("dirty");
  };
  const pointAt = (e: React.PointerEvent): Point | null => {
    const el = svg.current;
    const ctm = el?.getScreenCTM();
    if (!el || !ctm || !size) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: pt.x / size.w, y: pt.y / size.h };
  };
  const save = () => {
    const form = new FormData();
    form.append("intent", "place-many");
    for (const [id, p] of Object.entries(places)) {
      form.append("node_id", id);
      form.append("x", String(p.x));
      form.append("y", String(p.y));
    }
    setState("saving");
    fetcher.submit(form, { method: "post", action, preventScrollReset: true });
  };

  const r = size ? Math.max(size.w, size.h) / 80 : 10;
  const placed = plan.spaces.filter((s) => placeOf(s.id));
  const unplaced = plan.spaces.filter((s) => !placeOf(s.id));
  const error = fetcher.data && state === "dirty" ? ((fetcher.data as ActionResult).notice ?? noticeOf("common:errors.generic_failure")) : null;
  return (
    <div className="floor-plan-canvas">
      <p className="hint">{t("designer.canvas.hint")}</p>
      {size ? (
        <TransformWrapper minScale={0.5} maxScale={8} limitToBounds={false} panning={{ excluded: [MARKER] }} wheel={{ excluded: [MARKER] }} keyboard={{ excluded: [MARKER] }}>
          <TransformComponent wrapperClass="floor-plan-canvas__viewport">
            <svg ref={svg} viewBox={`0 0 ${size.w} ${size.h}`} className="floor-plan-canvas__svg" role="group" aria-label={t("designer.plans.of", { zone: plan.zoneName })}>
              <image href={plan.url} width={size.w} height={size.h} />
              {placed.map((s) => {
                const p = placeOf(s.id)!;
                return (
                  <g
                    key={s.id}
                    className={MARKER}
                    transform={`translate(${p.x * size.w} ${p.y * size.h})`}
                    tabIndex={0}
                    role="button"
                    aria-label={t("designer.canvas.marker", { name: s.name, x: p.x, y: p.y })}
                    data-space-id={s.id}
                    onPointerDown={(e) => {
                      e.currentTarget.setPointerCapture(e.pointerId);
                      dragging.current = s.id;
                    }}
                    onPointerMove={(e) => {
                      if (dragging.current !== s.id) return;
                      const at = pointAt(e);
                      if (at) move(s.id, at);
                    }}
                    onPointerUp={() => (dragging.current = null)}
                    onPointerCancel={() => (dragging.current = null)}
                    onKeyDown={(e) => {
                      const step = e.shiftKey ? 0.05 : 0.01;
                      const d = ({ ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] } as Record<string, [number, number]>)[e.key];
                      if (!d) return;
                      e.preventDefault();
                      move(s.id, { x: p.x + d[0], y: p.y + d[1] });
                    }}
                  >
                    {/* What takes the pointer: the dot and its name, with room around them for a finger. */}
                    <rect x={-r * 2} y={-r * 2} width={r * 4 + s.name.length * r * 0.9} height={r * 4} fill="transparent" />
                    <circle r={r} className="floor-plan-canvas__dot" />
                    <text x={r * 1.6} dominantBaseline="central" className="floor-plan-canvas__label" fontSize={r * 1.4}>
                      {s.name}
                    </text>
                  </g>
                );
              })}
            </svg>
          </TransformComponent>
        </TransformWrapper>
      ) : (
        <p className="muted">{t("designer.canvas.loading")}</p>
      )}
      {unplaced.length ? (
        <div className="floor-plan-canvas__tray">
          <p>{t("designer.canvas.unplaced")}</p>
          {unplaced.map((s) => (
            <button key={s.id} type="button" className="button button--secondary" onClick={() => move(s.id, { x: 0.5, y: 0.5 })}>
              {t("designer.canvas.put", { name: s.name })}
            </button>
          ))}
        </div>
      ) : null}
      <ActionNotice notice={error} />
      <div className="actions floor-plan-canvas__save">
        <p role="status" className={`save-state save-state--${state}`}>
          {state === "dirty" ? t("designer.canvas.unsaved") : state === "saving" ? t("designer.canvas.saving") : t("designer.canvas.saved")}
        </p>
        {state === "dirty" || state === "saving" ? (
          <button type="button" className="button button--primary" onClick={save} disabled={state === "saving"}>
            {t("designer.canvas.save", { zone: plan.zoneName })}
          </button>
        ) : null}
      </div>
    </div>
  );
}
