import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** A small table of the console's pages: its headers, one row of cells per item, a line when there is none. */
export function PlainTable({
  labelledBy,
  headers,
  rows,
  empty,
}: {
  labelledBy?: string;
  headers: string[];
  rows: { key: string | number; cells: ReactNode[]; testId?: string }[];
  empty: string;
}) {
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy || undefined}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid={row.testId}>
              {row.cells.map((cell, index) => (
                <TableCell key={index} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
