/**
 * i18next's backend in the browser: each namespace's JSON from /locales/{lng}/{ns}.json with
 * fetch. It replaces i18next-http-backend, whose XHR and cross-fetch fallbacks for old browsers
 * and Node cost every page ~6 KB of gzipped JavaScript (ADR 010). Same retry rules: a network
 * error or a 5xx is retried by i18next, a 4xx or a body that is not JSON is not.
 */
import type { BackendModule, ReadCallback } from "i18next";

export interface FetchBackendOptions {
  /** `{{lng}}` and `{{ns}}` are replaced. */
  loadPath: string;
}

export class FetchBackend implements BackendModule<FetchBackendOptions> {
  static type = "backend" as const;
  type = "backend" as const;
  private loadPath = "/locales/{{lng}}/{{ns}}.json";

  init(_services: unknown, options: Partial<FetchBackendOptions> = {}) {
    if (options.loadPath) this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    const url = this.loadPath.replace("{{lng}}", language).replace("{{ns}}", namespace);
    fetch(url, { credentials: "same-origin" }).then(
      async (res) => {
        if (res.status >= 500) return callback(`failed loading ${url}; status code: ${res.status}`, true);
        if (!res.ok) return callback(`failed loading ${url}; status code: ${res.status}`, false);
        let data: unknown;
        try {
          data = JSON.parse(await res.text());
        } catch {
          return callback(`failed parsing ${url} to json`, false);
        }
        callback(null, data as Parameters<ReadCallback>[1]);
      },
      (err: Error) => callback(`failed loading ${url}: ${err.message}`, true),
    );
  }
}
