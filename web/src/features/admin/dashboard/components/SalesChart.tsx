import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatPence } from '@rafflewin/domain';
import { useState } from 'react';
import type { DaySales } from '../api/useDailySales';

/**
 * Tickets sold and revenue per day (two y-axes), with the figures as a table on request for
 * people who cannot read the chart. Loaded lazily: the chart library is in its own chunk.
 */
export default function SalesChart({ days }: { days: DaySales[] }) {
  const [showTable, setShowTable] = useState(false);
  return (
    <>
      <LineChart
        height={320}
        xAxis={[{ scaleType: 'point', data: days.map((day) => day.label) }]}
        yAxis={[
          { id: 'tickets', label: 'Tickets', position: 'left', tickMinStep: 1 },
          { id: 'revenue', label: 'Revenue (£)', position: 'right' },
        ]}
        series={[
          { data: days.map((day) => day.tickets), label: 'Tickets sold', yAxisId: 'tickets' },
          {
            data: days.map((day) => day.revenue / 100),
            label: 'Revenue',
            yAxisId: 'revenue',
            valueFormatter: (value) => (value === null ? '' : formatPence(Math.round(value * 100))),
          },
        ]}
        aria-label="Tickets sold and revenue per day over the last 30 days"
      />
      <Button
        size="small"
        onClick={() => setShowTable((shown) => !shown)}
        aria-expanded={showTable}
      >
        {showTable ? 'Hide the figures' : 'Show the figures as a table'}
      </Button>
      {showTable && (
        <Table size="small" aria-label="Sales per day">
          <TableHead>
            <TableRow>
              <TableCell>Day</TableCell>
              <TableCell align="right">Tickets sold</TableCell>
              <TableCell align="right">Revenue</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.label}>
                <TableCell>{day.label}</TableCell>
                <TableCell align="right">{day.tickets}</TableCell>
                <TableCell align="right">{formatPence(day.revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
