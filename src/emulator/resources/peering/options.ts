// The peering module's options of `cdba emulator`. Data only: the command's registration
// imports it at start-up (through ../options.ts), so it imports nothing but types.
import type { ModuleOption } from '../../contract.js';

declare module '../../contract.js' {
  interface ModuleOptions {
    /** Peers made meanwhile stay where the service waits for the customer (--hold-user-steps); by default the emulator acts for them. */
    holdWaits?: boolean;
  }
}

export const PEERING_OPTIONS: ReadonlyArray<ModuleOption<'holdWaits'>> = [
  {
    key: 'holdWaits',
    flag: '--hold-user-steps',
    description: 'network peers wait where you must act',
    details: 'AWS PENDING_ACCEPTANCE, which lapses after a week as AWS lets it; GCP WAITING_FOR_USER. By default the emulator plays your step in one transition',
    default: false,
  },
];
