import type { QueryClient } from '@tanstack/react-query';
import type { BrandMachines, Machine, MachinePush } from '@reelcast/protocol';
import { machinesQueryOptions } from '../api/get-machines';

const update = (machines: Machine[], push: MachinePush): Machine[] =>
  machines.some((machine) => machine.id === push.id)
    ? machines.map((machine) => (machine.id === push.id ? { ...machine, status: push.status, reservation: push.reservation } : machine))
    : machines;

/** SPEC §4: a machine push updates that machine in every cached machine list. */
export function applyMachinePush(queryClient: QueryClient, push: MachinePush): void {
  queryClient.setQueryData(machinesQueryOptions().queryKey, (machines) => (machines ? update(machines, push) : machines));
  queryClient.setQueriesData<BrandMachines>({ queryKey: ['machine', 'brand'] }, (answer) =>
    answer ? { ...answer, machines: update(answer.machines, push) } : answer,
  );
}
