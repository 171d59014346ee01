/**
 * A plain-text table: the first column left-aligned, the others right-aligned, three spaces apart.
 * `rows[0]` is the header.
 */
export function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
        )
        .join('   '),
    )
    .join('\n')
}
