import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A column heading; right-aligned ones (actions, amounts) say so. */
export type Column = string | { label: string; align: 'right' };

/**
 * Whether the box scrolls sideways (a table wider than a phone): such a box must be reachable
 * from the keyboard, so that its hidden columns can be scrolled into view.
 */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A small table on a Paper, as the console's lists show them: the accessible name, the column
 * headings, and the rows (`children`, the table body's rows). On a screen too narrow for it, it
 * scrolls sideways inside its own box, never the page.
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
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  // When it is wider than the screen it scrolls in its own box, which then takes the focus
  // (arrow keys scroll it) and is named after its table.
  const table = (
    <TableContainer
      ref={ref}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
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
