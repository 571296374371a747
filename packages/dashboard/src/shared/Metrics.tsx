/** A row of labelled figures above a page's table: each a label and its value, already formatted. */
export const Metrics = ({ items }: { readonly items: ReadonlyArray<readonly [label: string, value: string]> }) => (
  <dl class="metrics">
    {items.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
  </dl>
)
