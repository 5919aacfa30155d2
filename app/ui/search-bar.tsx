/**
 * A list's search: a GET form (the URL is shareable and it works without JavaScript) with one
 * labelled search field, kept to 100 characters like the server keeps it. `keep` carries the list's
 * other choices (a filter) through the search.
 */
import { Form } from "@remix-run/react";

export function SearchBar({ action, id, label, value, submitLabel, keep = {} }: { action: string; id: string; label: string; value: string; submitLabel: string; keep?: Record<string, string> }) {
  return (
    <Form method="get" action={action} className="filter-bar" role="search">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="field field--inline">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" name="search" defaultValue={value} key={value} maxLength={100} />
      </div>
      <button type="submit" className="button button--secondary">
        {submitLabel}
      </button>
    </Form>
  );
}
