/**
 * A QR code as an SVG data URL (the two-factor setup on /login, the sign-in points). Server-only
 * (`.server.ts`): qrcode is ~9 KB of gzipped JavaScript the browser never needs (the image comes
 * with the loader's data), yet a route module's plain import of it was shipped to every visitor
 * of /login (ADR 010).
 */
import QRCode from "qrcode";

export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
