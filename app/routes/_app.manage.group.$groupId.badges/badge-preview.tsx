/**
 * The badge at its real size: an SVG whose user units are millimetres (`viewBox` the label, `width`
 * and `height` in mm), so the screen shows it to scale and the printer prints it at size. SVG
 * attributes, not inline styles, place everything (the CSP allows no style attributes). With
 * JavaScript an element can be dragged: `onMove` gets its new place, in half millimetres, kept on
 * the label.
 */
import { useRef } from "react";
import { BADGE_SIZES, type BadgeElement, type BadgeSize } from "@contract";

export interface BadgeSamples {
  name: string;
  group: string;
  date: string;
  time: string;
  /** A sample QR code (a data URL). */
  qr: string;
  logo: string;
  photo: string;
  fields: Record<number, string>;
  personal: Record<number, string>;
}

const PT_TO_MM = 0.3528;
const half = (n: number) => Math.round(n * 2) / 2;

function words(e: BadgeElement, s: BadgeSamples): string {
  switch (e.kind) {
    case "name":
      return s.name;
    case "group":
      return s.group;
    case "date":
      return s.date;
    case "time":
      return s.time;
    case "field":
      return (e.field_id !== null && s.fields[e.field_id]) || "";
    case "personal":
      return (e.personal_field_id !== null && s.personal[e.personal_field_id]) || "";
    default:
      return e.text ?? "";
  }
}

function Element({ e, s }: { e: BadgeElement; s: BadgeSamples }) {
  if (e.kind === "qr") return <image href={s.qr} x={e.x} y={e.y} width={e.width} height={e.height} preserveAspectRatio="xMidYMid meet" />;
  if (e.kind === "photo") {
    const r = Math.min(e.width, e.height) / 4;
    return (
      <g>
        <rect x={e.x} y={e.y} width={e.width} height={e.height} className="badge-preview__box" />
        <circle cx={e.x + e.width / 2} cy={e.y + e.height * 0.38} r={r} className="badge-preview__figure" />
        <rect x={e.x + e.width / 2 - r * 1.6} y={e.y + e.height * 0.38 + r * 1.2} width={r * 3.2} height={Math.max(0, e.height * 0.62 - r * 1.2)} rx={r} className="badge-preview__figure" />
        <text x={e.x + e.width / 2} y={e.y + e.height - 1} fontSize={2.5} textAnchor="middle" className="badge-preview__caption">
          {s.photo}
        </text>
      </g>
    );
  }
  if (e.kind === "logo") {
    return (
      <g>
        <rect x={e.x} y={e.y} width={e.width} height={e.height} className="badge-preview__box badge-preview__box--dashed" />
        <text x={e.x + e.width / 2} y={e.y + e.height / 2} fontSize={Math.min(e.height * 0.5, 5)} textAnchor="middle" dominantBaseline="middle" className="badge-preview__caption">
          {s.logo}
        </text>
      </g>
    );
  }
  return (
    <text x={e.x} y={e.y + e.height / 2} fontSize={e.font_size * PT_TO_MM} dominantBaseline="middle" className="badge-preview__text">
      {words(e, s)}
    </text>
  );
}

export function BadgePreview({
  size,
  elements,
  samples,
  label,
  onMove,
}: {
  size: BadgeSize;
  elements: readonly BadgeElement[];
  samples: BadgeSamples;
  label: string;
  onMove?: (index: number, x: number, y: number) => void;
}) {
  const { width, height } = BADGE_SIZES[size];
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ index: number; dx: number; dy: number } | null>(null);
  const toMm = (ev: React.PointerEvent) => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };
  return (
    <svg
      ref={svg}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={`${width}mm`}
      height={`${height}mm`}
      className="badge-preview"
      onPointerMove={(ev) => {
        const d = drag.current;
        const p = d && toMm(ev);
        if (!d || !p || !onMove) return;
        const e = elements[d.index]!;
        onMove(d.index, half(Math.min(Math.max(p.x - d.dx, 0), width - e.width)), half(Math.min(Math.max(p.y - d.dy, 0), height - e.height)));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
    >
      <rect x={0} y={0} width={width} height={height} className="badge-preview__label" />
      {elements.map((e, i) => (
        <g
          key={i}
          data-index={i}
          className={onMove ? "badge-preview__element badge-preview__element--movable" : "badge-preview__element"}
          onPointerDown={
            onMove
              ? (ev) => {
                  const p = toMm(ev);
                  if (!p) return;
                  drag.current = { index: i, dx: p.x - e.x, dy: p.y - e.y };
                  svg.current?.setPointerCapture(ev.pointerId);
                }
              : undefined
          }
        >
          {/* What a pointer grabs: the element's whole box, not only its painted glyphs. */}
          {onMove ? <rect x={e.x} y={e.y} width={e.width} height={e.height} className="badge-preview__hit" /> : null}
          <Element e={e} s={samples} />
        </g>
      ))}
    </svg>
  );
}
