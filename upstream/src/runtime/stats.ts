/** Per-route call counters, last seen headers and injected faults (test hooks). */
import type { RouteName } from "../../contract/index.ts";

export class Stats {
  calls: Partial<Record<RouteName, number>> = {};
  lastHeaders: Partial<Record<RouteName, { "x-timezone": string | null; "accept-language": string | null }>> = {};
  private faults = new Map<RouteName, { status: number; count: number; code?: string }>();

  record(route: RouteName, headers: { "x-timezone"?: string | string[]; "accept-language"?: string | string[] }): void {
    this.calls[route] = (this.calls[route] ?? 0) + 1;
    const h = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(", ") : (v ?? null));
    this.lastHeaders[route] = { "x-timezone": h(headers["x-timezone"]), "accept-language": h(headers["accept-language"]) };
  }

  reset(): void {
    this.calls = {};
    this.lastHeaders = {};
  }

  clearFaults(): void {
    this.faults.clear();
  }

  addFault(route: RouteName, status: number, count: number, code?: string): void {
    if (count <= 0) this.faults.delete(route);
    else this.faults.set(route, { status, count, code });
  }

  /** Consume one injected fault for the route, if any: its status and error code (e.g. `trial_period_over`). */
  takeFault(route: RouteName): { status: number; code?: string } | null {
    const f = this.faults.get(route);
    if (!f) return null;
    f.count -= 1;
    if (f.count <= 0) this.faults.delete(route);
    return { status: f.status, code: f.code };
  }

  snapshot() {
    return { calls: this.calls, lastHeaders: this.lastHeaders };
  }
}
