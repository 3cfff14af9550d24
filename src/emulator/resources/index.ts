// The emulator's resources: one module each (../resource.ts says what a module
// declares). Adding a resource is its module and one line here. The order matters
// only where a module reads another's state as it is made: a module comes after
// those whose items it extends (projects first).
import type { ResourceModule } from '../contract.js';
import { accessList } from './accessList/index.js';
import { alertConfigs, alertMatchers, alerts } from './alerts/index.js';
import { awsCustomDns } from './awsCustomDns.js';
import { accessLogs } from './accessLogs/index.js';
import { backups, flexBackups } from './backups/index.js';
import { clusters } from './clusters/index.js';
import { credentials } from './credentials.js';
import { databaseUsers } from './databaseUsers/index.js';
import { events, orgEvents } from './events/index.js';
import { flexClusters } from './flexClusters/index.js';
import { metrics } from './metrics/index.js';
import { logs } from './logs/index.js';
import { peering } from './peering/index.js';
import { performanceAdvisor } from './performanceAdvisor/index.js';
import { privateEndpoints } from './privateEndpoints/index.js';
import { privateIpMode } from './privateIpMode.js';
import { processes } from './processes/index.js';
import { projects } from './projects/index.js';
import { root } from './root.js';
import { sampleDatasets, searchIndexes } from './searchIndexes/index.js';

export const RESOURCES: readonly ResourceModule[] = [
  root,
  projects,
  credentials,
  privateIpMode,
  awsCustomDns,
  peering,
  privateEndpoints,
  accessList,
  clusters,
  flexClusters,
  databaseUsers,
  searchIndexes,
  sampleDatasets,
  backups,
  flexBackups,
  alerts, alertConfigs, alertMatchers,
  processes,
  metrics,
  performanceAdvisor,
  logs,
  events,
  orgEvents,
  accessLogs,
];
