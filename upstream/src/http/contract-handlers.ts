/**
 * What an implementation of a contract route receives and answers (the wiring, ../routes.ts, calls
 * it): each area's handlers.ts types its slice of the table with `Handlers<K>`, and ../areas.ts
 * assembles the whole `Impl`, so a route without a handler is a type error.
 */
import type { z } from "zod";
import type { IncomingMessage } from "node:http";
import type { RawFileDef, RouteName, Routes, UploadDef } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import type { App } from "../runtime/app.ts";
import type { UploadedFile } from "../sites/uploads.ts";
import type { Ctx } from "./router.ts";

/**
 * The parsed JSON body; for an upload route, a function that reads and checks the file (called by
 * the implementation after its access checks, so a refused call never reads a large body).
 */
export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : Routes[N] extends { upload: UploadDef }
    ? () => Promise<UploadedFile>
    : Routes[N] extends { rawFile: RawFileDef }
      ? IncomingMessage
      : undefined;
export type PrincipalOf<N extends RouteName> = Routes[N]["base"] extends "regional" ? Principal : undefined;

export interface Call<N extends RouteName> {
  app: App;
  ctx: Ctx;
  body: BodyOf<N>;
  principal: PrincipalOf<N>;
}

/** Every route's implementation. */
export type Impl = { [N in RouteName]: (c: Call<N>) => Promise<z.input<Routes[N]["response"]>> | z.input<Routes[N]["response"]> };

/** The implementations of the routes `K` (an area's slice of `Impl`). */
export type Handlers<K extends RouteName> = Pick<Impl, K>;
