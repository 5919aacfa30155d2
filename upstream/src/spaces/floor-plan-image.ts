/**
 * The demo's floor plans (issue 26 item 9; ADR 036): a plain PNG drawn from the zone's spaces — the
 * walls, a window band, each desk (or bay, or room) as a block where the space is placed — so the
 * markers the portal puts on a plan land on the furniture. No image library: a few rectangles in
 * an RGB buffer, written as an uncompressed-filter PNG with node's zlib.
 */
import { deflateSync } from "node:zlib";

type Rgb = [number, number, number];
export interface PlanShape {
  /** The space's placement (fractions of the plan). */
  x: number;
  y: number;
  kind: "desk" | "room" | "bay";
}

const W = 800;
const H = 500;
const FLOOR: Rgb = [246, 244, 239];
const WALL: Rgb = [70, 74, 82];
const WINDOW: Rgb = [170, 205, 230];
const DESK: Rgb = [214, 190, 150];
const ROOM: Rgb = [226, 232, 240];
const BAY: Rgb = [120, 124, 130];
const ASPHALT: Rgb = [205, 207, 210];

let CRC: Uint32Array | null = null;
function crc32(buf: Buffer): number {
  if (!CRC) {
    CRC = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A floor plan of `shapes` as PNG bytes (800 × 500). */
export function floorPlanPng(shapes: PlanShape[], outdoor = false): Buffer {
  const px = Buffer.alloc(W * H * 3);
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(H, Math.round(y0 + h)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(W, Math.round(x0 + w)); x++) px.set(c, (y * W + x) * 3);
  };
  rect(0, 0, W, H, outdoor ? ASPHALT : FLOOR);
  if (!outdoor) {
    // Outer walls, a window band along the top, a door gap at the bottom.
    rect(0, 0, W, 8, WALL);
    rect(0, H - 8, W, 8, WALL);
    rect(0, 0, 8, H, WALL);
    rect(W - 8, 0, 8, H, WALL);
    for (let x = 40; x < W - 40; x += 90) rect(x, 2, 60, 4, WINDOW);
    rect(W / 2 - 40, H - 8, 80, 8, FLOOR);
  }
  for (const s of shapes) {
    const cx = s.x * W;
    const cy = s.y * H;
    if (s.kind === "desk") rect(cx - 36, cy - 18, 72, 36, DESK);
    else if (s.kind === "room") {
      rect(cx - 80, cy - 70, 160, 140, WALL);
      rect(cx - 76, cy - 66, 152, 132, ROOM);
      rect(cx - 20, cy - 70, 40, 4, ROOM);
    } else {
      rect(cx - 40, cy - 80, 4, 160, [255, 255, 255]);
      rect(cx + 36, cy - 80, 4, 160, [255, 255, 255]);
      rect(cx - 30, cy - 50, 60, 100, BAY);
    }
  }
  const rows = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) px.copy(rows, y * (W * 3 + 1) + 1, y * W * 3, (y + 1) * W * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
