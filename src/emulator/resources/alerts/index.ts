// The alerts modules (contract.ts): a project's alerts (list, get, acknowledge, the
// configuration of one), its alert configurations (list, create, get, replace, toggle,
// delete, the alerts of one), and the matcher field names. Three modules because the
// live service counts them apart (recorded RateLimit-Limit: 1200 each for alerts and
// configurations, 300 for the field names, which have no project and are counted per
// caller). A seed's `alerts` declares alerts the emulator cannot raise itself (raise.ts).
import type { ResourceModule } from '../../contract.js';
import { shape as S } from '../../stateChecks.js';
import {
  CONFIG_READ_ONLY,
  acknowledgeAlert,
  configAlerts,
  createConfig,
  deleteConfig,
  getAlert,
  getAlertConfigs,
  getConfig,
  listAlerts,
  listConfigs,
  matcherFieldNames,
  toggleConfig,
  updateConfig,
} from './handlers.js';
import { ALERT_SEED_KEYS, alertsFromSeed, checkAlertSeed } from './seed.js';
import { alertingOf, dropProject } from './state.js';

export type { SeedAlert } from './seed.js';



export const alerts: ResourceModule = {
  name: 'alerts',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'alerts.list': { handler: listAlerts, action: 'read' },
    'alerts.get': { handler: getAlert, action: 'read' },
    'alerts.acknowledge': { handler: acknowledgeAlert, action: 'writeProject', readOnly: { fields: ['links'], held: () => ({}) } },
    'alerts.configs': { handler: getAlertConfigs, action: 'read' },
  },
  seed: { keys: ALERT_SEED_KEYS, check: (doc, problems) => checkAlertSeed(doc, problems) },
  state: {
    shape: {
      alerting: S.optional(
        S.object({
          projects: S.array(
            S.object({
              groupId: 'string',
              configs: S.array(S.object({ id: 'string', groupId: 'string', created: 'string', updated: 'string', fields: S.object({}) })),
              alerts: S.array(S.object({ id: 'string', groupId: 'string', alertConfigId: 'string', eventTypeName: 'string', status: 'string', created: 'string', updated: 'string', about: S.object({}) })),
            }),
          ),
        }),
      ),
    },
    fromSeed: (world, seed, now, _modules, serviceNow) => alertsFromSeed(world, seed, now, serviceNow),
    upgrade: (world) => void alertingOf(world),
  },
  hooks: { projects: { removed: (store, projectId) => dropProject(store, projectId) } },
};


export const alertConfigs: ResourceModule = {
  name: 'alertConfigs',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'alertConfigs.list': { handler: listConfigs, action: 'read' },
    'alertConfigs.create': { handler: createConfig, action: 'writeProject', readOnly: CONFIG_READ_ONLY },
    'alertConfigs.get': { handler: getConfig, action: 'read' },
    'alertConfigs.update': { handler: updateConfig, action: 'writeProject', readOnly: CONFIG_READ_ONLY },
    'alertConfigs.toggle': { handler: toggleConfig, action: 'writeProject', readOnly: CONFIG_READ_ONLY },
    'alertConfigs.delete': { handler: deleteConfig, action: 'writeProject' },
    'alertConfigs.alerts': { handler: configAlerts, action: 'read' },
  },
};

export const alertMatchers: ResourceModule = {
  name: 'alertMatchers',
  rateLimitPerMinute: 300, // recorded
  operations: {
    'alertMatchers.fieldNames': { handler: matcherFieldNames, action: 'read', countPerCaller: true },
  },
};
