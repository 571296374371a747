/** A table's head: one column heading per label. */
export const Columns = ({ labels }: { readonly labels: ReadonlyArray<string> }) => (
  <thead>
    <tr>{labels.map((label) => <th key={label} scope="col">{label}</th>)}</tr>
  </thead>
)
