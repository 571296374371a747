/** Plain-text tables for terminals: a header row, then one row per item, columns padded to fit. */
export const renderTable = (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>
): string => {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) =>
    widths.map((width, column) => (cells[column] ?? "").padEnd(width)).join("  ").trimEnd()
  return [line(headers), ...rows.map(line)].join("\n")
}
