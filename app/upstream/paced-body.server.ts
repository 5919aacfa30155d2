/**
 * An upstream body (a file, a spreadsheet) handed to the browser as it takes it: each chunk is
 * read from the upstream only once the browser has drained the last (`context.drained`), so the
 * portal never holds the file, and it stops reading when the browser goes (`context.onClose`).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Readable } from "node:stream";

export function pacedBody(body: Readable, context: AppLoadContext): ReadableStream<Uint8Array> {
  context.onClose(() => body.destroy());
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await context.drained();
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value as Uint8Array);
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
