import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FloorMachine } from '@reelcast/protocol';
import { MachineStatusChip } from '@/shared/components/machine-status-chip';
import { formatDateTime, formatTime } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { useConsoleTexts } from '../lib/console-texts';
import { useNow } from '../lib/use-now';
import type { ActionKind } from './action-dialog';

const MINUTE = 60_000;

/** The actions a machine offers now: maintenance either way; a seat's end and a message while a player sits. */
function actionsOf(machine: FloorMachine): ActionKind[] {
  const actions: ActionKind[] = [machine.status === 'maintenance' ? 'maintenanceOff' : 'maintenanceOn'];
  if (machine.seat) actions.push('endSession', 'message');
  if (machine.handPay) actions.unshift('handPay');
  return actions;
}

/**
 * The floor as a table, one row a machine: its name and brand, its status and last change, the seated
 * player and since when, the money moved onto the machine in the session, and the actions.
 */
export function FloorTable({
  machines,
  onAction,
  onWatch,
}: {
  machines: FloorMachine[];
  onAction: (machine: FloorMachine, kind: ActionKind) => void;
  /** Watch the machine's picture (docs/console.md "Watch"): offered when it has one. */
  onWatch?: (machine: FloorMachine & { video: string }) => void;
}) {
  const t = useConsoleTexts();
  const money = useMoney();
  const now = useNow(MINUTE);
  const header = ['machine', 'status', 'player', 'credit', 'actions'] as const;

  return (
    <TableContainer>
      <Table size="small" aria-labelledby="floor-heading">
        <TableHead>
          <TableRow>
            {header.map((column) => (
              <TableCell key={column} align={column === 'credit' ? 'right' : undefined}>
                {t(`columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {machines.map((machine) => (
            <TableRow key={machine.id} data-testid={`floor-row-${machine.id}`}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {machine.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('columns.brand')}: {machine.brand}
                </Typography>
              </TableCell>
              <TableCell>
                <MachineStatusChip id={machine.id} status={machine.status} />
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('columns.lastEvent')}: {formatDateTime(machine.lastEvent.at)}
                </Typography>
                {machine.handPay && (
                  <Typography
                    variant="caption"
                    color="warning.main"
                    component="div"
                    sx={{ fontWeight: 700 }}
                    data-testid={`floor-hand-pay-${machine.id}`}
                  >
                    {t('handPayWaiting', { amount: money(machine.handPay.amount) })}
                  </Typography>
                )}
              </TableCell>
              <TableCell data-testid={`floor-player-${machine.id}`}>
                {machine.seat ? (
                  <>
                    <Typography variant="body2">{machine.seat.username}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('sessionSince', {
                        time: formatTime(new Date(machine.seat.startedAt)),
                        minutes: Math.max(0, Math.floor((now - Date.parse(machine.seat.startedAt)) / MINUTE)),
                      })}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('free')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{machine.seat ? money(machine.seat.netCashIn) : ''}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {machine.video && onWatch && (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={t('actionOn', { action: t('actions.watch'), name: machine.name })}
                      onClick={() => onWatch({ ...machine, video: machine.video! })}
                    >
                      {t('actions.watch')}
                    </Button>
                  )}
                  {actionsOf(machine).map((kind) => (
                    <Button
                      key={kind}
                      size="small"
                      variant="outlined"
                      color={kind === 'message' ? 'primary' : kind === 'handPay' ? 'success' : 'warning'}
                      aria-label={t('actionOn', { action: t(`actions.${kind}`), name: machine.name })}
                      onClick={() => onAction(machine, kind)}
                    >
                      {t(`actions.${kind}`)}
                    </Button>
                  ))}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
