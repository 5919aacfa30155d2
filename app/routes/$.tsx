export { loader, meta, ErrorBoundary } from "./404";

export default function CatchAll() {
  return null;
}
