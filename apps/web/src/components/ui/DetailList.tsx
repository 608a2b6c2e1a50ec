/** A label / value list (profile sections): each row a term and its value, values right-aligned. */
export interface DetailRow {
  label: string;
  value: string;
  /** Extra class for the value, e.g. a warning colour. */
  tone?: string;
}

export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="sf-dl">
      {rows.map((r) => (
        <div key={r.label} style={{ display: 'contents' }}>
          <dt>{r.label}</dt>
          <dd className={r.tone}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
