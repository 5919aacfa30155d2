/**
 * A list shown as a table: its caption (for screen readers), its column headings, its rows (each
 * row's first cell a row heading, `<th scope="row">`, written by the caller). It scrolls sideways
 * on a narrow screen rather than squeezing its columns.
 */
import type { ReactNode } from "react";

export function DataTable({ caption, columns, className, children }: { caption: string; columns: readonly ReactNode[]; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : "table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) =>
              column === null || column === false ? null : (
                <th key={i} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
