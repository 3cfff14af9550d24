// The callers: API keys (HTTP digest) and service accounts (OAuth bearer tokens),
// each with its roles per project and its own address list (seed: Authentication).
// Not an API resource of its own: its seed keys, its state, the roles it takes out
// when a project goes, and the credentials startEmulator prints.
import { randomBytes, randomUUID } from 'node:crypto';
import { isObject } from '../../base/object.js';
import { parseCidr } from '../apiKeyAccessList.js';
import { ROLE_NAMES, type RoleName, type SeedApiKey, type SeedServiceAccount } from '../auth.js';
import type { ResourceModule, World } from '../contract.js';
import { OBJECT_ID, type Problems } from '../seedChecks.js';
import { seedProjectIds } from './projects/index.js';
import { shape as S } from '../stateChecks.js';

declare module '../contract.js' {
  interface World {
    apiKeys: SeedApiKey[];
    serviceAccounts: SeedServiceAccount[];
  }
}
declare module '../contract.js' {
  interface SeedDocument {
    apiKeys?: SeedApiKey[];
    serviceAccounts?: SeedServiceAccount[];
  }
}

/** What startEmulator answers as its `defaults`: the first project and the keys that work in it. */
export interface EmulatorDefaults {
  projectId: string;
  owner: { publicKey: string; privateKey: string };
  readOnly: { publicKey: string; privateKey: string };
  serviceAccount: { clientId: string; clientSecret: string };
  /** The first service account that owns a project (the first project's first), for a seed whose owners are accounts only. */
  ownerServiceAccount?: { clientId: string; clientSecret: string };
}

export function credentialsOf(world: World): { apiKeys: SeedApiKey[]; serviceAccounts: SeedServiceAccount[] } {
  return world;
}

export function defaultsOf(world: World): EmulatorDefaults {
  const projectId = world.projects[0]?.id;
  const firstKeyWith = (roleName: string) =>
    world.apiKeys.find((k) => k.roles.some((r) => r.roleName === roleName && r.projectId === projectId)) ??
    world.apiKeys.find((k) => k.roles.some((r) => r.roleName === roleName));
  const owner = firstKeyWith('GROUP_OWNER');
  const readOnly = firstKeyWith('GROUP_READ_ONLY');
  const account = world.serviceAccounts[0];
  const ownerAccount =
    world.serviceAccounts.find((a) => a.roles.some((r) => r.roleName === 'GROUP_OWNER' && r.projectId === projectId)) ??
    world.serviceAccounts.find((a) => a.roles.some((r) => r.roleName === 'GROUP_OWNER'));
  return {
    projectId: projectId ?? '',
    owner: { publicKey: owner?.publicKey ?? '', privateKey: owner?.privateKey ?? '' },
    readOnly: { publicKey: readOnly?.publicKey ?? '', privateKey: readOnly?.privateKey ?? '' },
    serviceAccount: { clientId: account?.clientId ?? '', clientSecret: account?.clientSecret ?? '' },
    ...(ownerAccount ? { ownerServiceAccount: { clientId: ownerAccount.clientId, clientSecret: ownerAccount.clientSecret } } : {}),
  };
}

const PUBLIC_KEY = /^[a-z0-9]{8}$/;

function checkRoles(problems: Problems, where: string, roles: unknown, projectIds: Set<string>): void {
  if (!Array.isArray(roles)) {
    problems.add(`${where}.roles`, 'must be an array of {projectId, roleName}');
    return;
  }
  roles.forEach((role, i) => {
    const at = `${where}.roles[${i}]`;
    if (!isObject(role)) return problems.add(at, 'must be an object {projectId, roleName}');
    problems.onlyKeys(at, role, ['projectId', 'roleName']);
    if (problems.string(`${at}.projectId`, role.projectId, OBJECT_ID, 'a 24-hex project id') && !projectIds.has(role.projectId)) {
      problems.add(`${at}.projectId`, `"${role.projectId}" is not one of the seed's projects`);
    }
    if (!ROLE_NAMES.includes(role.roleName as RoleName)) problems.add(`${at}.roleName`, `must be one of ${ROLE_NAMES.join(', ')}`);
  });
}

function checkAddresses(problems: Problems, where: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add(where, 'must be an array of CIDR blocks or addresses');
  list.forEach((entry, i) => {
    if (typeof entry !== 'string' || !parseCidr(entry)) problems.add(`${where}[${i}]`, `"${String(entry)}" is not a CIDR block or IP address`);
  });
}

function checkSeed(doc: Record<string, unknown>, problems: Problems): void {
  const projectIds = seedProjectIds(doc);
  const publicKeys = new Set<string>();
  if (doc.apiKeys !== undefined && !Array.isArray(doc.apiKeys)) problems.add('apiKeys', 'must be an array');
  (Array.isArray(doc.apiKeys) ? doc.apiKeys : []).forEach((key, i) => {
    const at = `apiKeys[${i}]`;
    if (!isObject(key)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, key, ['publicKey', 'privateKey', 'accessList', 'roles']);
    if (problems.string(`${at}.publicKey`, key.publicKey, PUBLIC_KEY, '8 lowercase letters or digits')) {
      if (publicKeys.has(key.publicKey)) problems.add(`${at}.publicKey`, `duplicate public key ${key.publicKey}`);
      publicKeys.add(key.publicKey);
    }
    problems.string(`${at}.privateKey`, key.privateKey);
    checkAddresses(problems, `${at}.accessList`, key.accessList);
    checkRoles(problems, at, key.roles, projectIds);
  });

  const clientIds = new Set<string>();
  if (doc.serviceAccounts !== undefined && !Array.isArray(doc.serviceAccounts)) problems.add('serviceAccounts', 'must be an array');
  (Array.isArray(doc.serviceAccounts) ? doc.serviceAccounts : []).forEach((account, i) => {
    const at = `serviceAccounts[${i}]`;
    if (!isObject(account)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, account, ['clientId', 'clientSecret', 'accessList', 'roles']);
    if (problems.string(`${at}.clientId`, account.clientId)) {
      if (clientIds.has(account.clientId)) problems.add(`${at}.clientId`, `duplicate client id ${account.clientId}`);
      clientIds.add(account.clientId);
    }
    problems.string(`${at}.clientSecret`, account.clientSecret);
    checkAddresses(problems, `${at}.accessList`, account.accessList);
    checkRoles(problems, at, account.roles, projectIds);
  });
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const letters = (count: number): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(count)].map((b) => alphabet[b % alphabet.length]).join('');
};

export const credentials: ResourceModule = {
  name: 'credentials',
  seed: {
    keys: ['apiKeys', 'serviceAccounts'],
    check: checkSeed,
    // An owner key, a read-only key and a service account in the default project, open to every address.
    byDefault: (seed) => {
      const projectId = seed.projects[0]!.id;
      const open = ['0.0.0.0/0', '::/0'];
      seed.apiKeys = [
        { publicKey: letters(8), privateKey: randomUUID(), accessList: open, roles: [{ projectId, roleName: 'GROUP_OWNER' }] },
        { publicKey: letters(8), privateKey: randomUUID(), accessList: open, roles: [{ projectId, roleName: 'GROUP_READ_ONLY' }] },
      ];
      seed.serviceAccounts = [
        { clientId: `mdb_sa_id_${hex(12)}`, clientSecret: `mdb_sa_sk_${hex(20)}`, accessList: open, roles: [{ projectId, roleName: 'GROUP_OWNER' }] },
      ];
    },
  },
  state: {
    shape: {
      apiKeys: S.array(S.object({ publicKey: 'string', privateKey: 'string', roles: S.array(S.object({ projectId: 'string', roleName: 'string' })), accessList: S.optional(S.array('string')) })),
      serviceAccounts: S.array(S.object({ clientId: 'string', clientSecret: 'string', roles: S.array(S.object({ projectId: 'string', roleName: 'string' })), accessList: S.optional(S.array('string')) })),
    },
    fromSeed: (world, seed) => {
      world.apiKeys = structuredClone(seed.apiKeys ?? []);
      world.serviceAccounts = structuredClone(seed.serviceAccounts ?? []);
    },
  },
  hooks: {
    // A project gone takes every role that named it.
    projects: {
      removed: (store, projectId) => {
        for (const credential of [...store.world.apiKeys, ...store.world.serviceAccounts]) {
          credential.roles = credential.roles.filter((role) => role.projectId !== projectId);
        }
      },
    },
  },
};
