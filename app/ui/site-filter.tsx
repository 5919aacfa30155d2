/**
 * A list's site filter: a labelled <select> of the user's sites with "all sites" first, for a GET
 * filter form (works without JavaScript). `value` is the chosen site's id, or "" for all.
 */
export function SiteFilter({ id, label, allLabel, sites, value }: { id: string; label: string; allLabel: string; sites: { id: number; name: string }[]; value: string }) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="site" defaultValue={value} key={value}>
        <option value="">{allLabel}</option>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
