// The routing table: every path the emulator serves under /api/atlas/{v1.0,v2},
// which methods each takes, which permission each needs, and its versions.
// HEAD is answered wherever GET is.
import type { Action } from './auth.js';
import type { Handler } from './context.js';
import { createCluster, deleteCluster, getCluster, listClusters, patchCluster } from './handlers/clusters.js';
import { getPrivateIpMode, patchPrivateIpMode } from './handlers/privateIpMode.js';
import { getRoot } from './handlers/root.js';
import type { Resource } from './versions.js';

export interface Operation {
  handler: Handler;
  action: Action;
}

export interface Route {
  /** For stats and messages: the path with {groupId} / {clusterName} placeholders. */
  template: string;
  pattern: RegExp;
  /** Names of the pattern's capture groups after the API flavour. */
  params: string[];
  resource: Resource;
  methods: Partial<Record<string, Operation>>;
}

const API = '^/api/atlas/(v1\\.0|v2)';
const SEGMENT = '([^/]+)';

export const ROUTES: readonly Route[] = [
  {
    template: '',
    pattern: new RegExp(`${API}/?$`),
    params: [],
    resource: 'root',
    methods: { GET: { handler: getRoot, action: 'read' } },
  },
  {
    template: '/groups/{groupId}/clusters',
    pattern: new RegExp(`${API}/groups/${SEGMENT}/clusters/?$`),
    params: ['groupId'],
    resource: 'clusters',
    methods: {
      GET: { handler: listClusters, action: 'read' },
      POST: { handler: createCluster, action: 'writeClusters' },
    },
  },
  {
    template: '/groups/{groupId}/clusters/{clusterName}',
    pattern: new RegExp(`${API}/groups/${SEGMENT}/clusters/${SEGMENT}/?$`),
    params: ['groupId', 'clusterName'],
    resource: 'clusters',
    methods: {
      GET: { handler: getCluster, action: 'read' },
      PATCH: { handler: patchCluster, action: 'writeClusters' },
      DELETE: { handler: deleteCluster, action: 'writeClusters' },
    },
  },
  {
    template: '/groups/{groupId}/privateIpMode',
    pattern: new RegExp(`${API}/groups/${SEGMENT}/privateIpMode/?$`),
    params: ['groupId'],
    resource: 'privateIpMode',
    methods: {
      GET: { handler: getPrivateIpMode, action: 'read' },
      PATCH: { handler: patchPrivateIpMode, action: 'writeProject' },
    },
  },
];

export interface RouteMatch {
  route: Route;
  api: 'v1.0' | 'v2';
  params: Record<string, string>;
  /** e.g. /api/atlas/v2/groups/{groupId}/clusters */
  template: string;
}

export function matchRoute(path: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const api = match[1] as 'v1.0' | 'v2';
    const params: Record<string, string> = {};
    route.params.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 2]!);
    });
    return { route, api, params, template: `/api/atlas/${api}${route.template}` };
  }
  return undefined;
}

/** The methods a route answers, HEAD included wherever GET is. */
export function allowedMethods(route: Route): string[] {
  const methods = Object.keys(route.methods);
  return route.methods.GET ? [...methods, 'HEAD'] : methods;
}
