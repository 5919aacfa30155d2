/**
 * What a group's integrations (the directory sync on the details tab and the id pages, Slack on the
 * notifications tab) draw alike: the facts of a connection, and the row of one-button forms that
 * act on it (sync now, send a test message, disconnect…). Each button is a plain form posting its
 * intent, so it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/ui/form";

export interface Fact {
  term: string;
  value: React.ReactNode;
  /** A failing state: drawn as an error. */
  error?: boolean;
}

/** The connection's facts: directory, group, state, last sync…; workspace, channel, state, last message. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="facts">
      {facts.map((f) => (
        <div key={f.term}>
          <dt>{f.term}</dt>
          <dd className={f.error ? "error-text" : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface IntentButton {
  intent: string;
  label: string;
  /** Hidden fields the form posts with its intent. */
  fields?: Record<string, string>;
  variant?: "primary" | "secondary";
}

/** A row of one-button forms, each posting its intent (and its hidden fields) to `action`. */
export function IntentButtons({ action, buttons }: { action: string; buttons: IntentButton[] }) {
  return (
    <div className="actions">
      {buttons.map((b) => (
        <Form method="post" action={action} key={b.intent}>
          {Object.entries(b.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton name="intent" value={b.intent} variant={b.variant ?? "secondary"}>
            {b.label}
          </SubmitButton>
        </Form>
      ))}
    </div>
  );
}
