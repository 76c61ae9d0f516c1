import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column heading; right-aligned ones (actions, amounts) say so. */
export type Column = string | { label: string; align: 'right' };

/**
 * A small table on a Paper, as the console's lists show them: the accessible name, the column
 * headings, and the rows (`children`, the table body's rows).
 */
export function DataTable({
  label,
  columns,
  children,
  paper = true,
}: {
  label: string;
  columns: Column[];
  children: ReactNode;
  /** False inside something that is already a surface (an accordion, a card). */
  paper?: boolean;
}) {
  const table = (
    <TableContainer>
      <Table aria-label={label} size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <TableCell key={column}>{column}</TableCell>
              ) : (
                <TableCell key={column.label} align={column.align}>
                  {column.label}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
  return paper ? <Paper>{table}</Paper> : table;
}
