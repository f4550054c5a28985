// A table for the MDX guides. Storybook's MDX does not render Markdown tables (they are a GitHub
// extension), so the guides give rows as data; text between backticks shows as code.
import type { ReactNode } from 'react';

/** Splits `a \`b\` c` into text and <code> parts. */
function inline(text: string): ReactNode {
  const parts = text.split('`');
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move
    index % 2 === 1 ? <code key={index}>{part}</code> : part,
  );
}

export interface DocTableProps {
  /** Column headings. */
  head: readonly string[];
  /** One array of cells per row; `code` between backticks. */
  rows: readonly (readonly string[])[];
}

export function DocTable({ head, rows }: DocTableProps) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((heading) => (
            <th key={heading}>{inline(heading)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
              <td key={index}>{inline(cell)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
