// How the private IP mode setting `{enabled}` is shown as a table row.
import type { PrivateIpMode } from '../../api/resources/privateIpMode.js';
import type { TableSpec } from '../../output/render.js';

interface SettingRow {
  projectId: string;
  enabled: boolean;
}

export function settingTable(projectId: string): TableSpec<SettingRow> {
  return {
    rows: (document) => [{ projectId, enabled: (document as PrivateIpMode).enabled }],
    columns: [
      { header: 'PROJECT ID', value: (r) => r.projectId, copyable: true },
      { header: 'PRIVATE IP MODE', value: (r) => (r.enabled ? 'on' : 'off') },
    ],
  };
}
