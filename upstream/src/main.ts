/** Entry point: `node --import tsx upstream/src/main.ts` */
import { optionsFromEnv } from "./config.ts";
import { startUpstream } from "./server.ts";

const opts = optionsFromEnv();
const { UPSTREAM_PORT, UPSTREAM_PUBLIC_URL } = process.env;
const upstream = await startUpstream({
  ...opts,
  // Let the public URL follow the real port when UPSTREAM_PORT=0.
  publicUrl: UPSTREAM_PUBLIC_URL || (UPSTREAM_PORT === "0" ? undefined : opts.publicUrl),
});
console.log(`Gatehouse upstream ready at ${upstream.url}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ msg: `received ${signal}, shutting down` }));
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await upstream.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
