// The project IP access list as stored: each project's entries, on the project.
import { canonicalCidr } from '../../apiKeyAccessList.js';
import { isObject } from '../../../base/object.js';
import type { Problems } from '../../seedChecks.js';
import { isoSeconds } from '../../store.js';
import type { ProjectPart } from '../projects/index.js';

/** One entry of a project IP access list: exactly one of cidrBlock and awsSecurityGroup. */
export interface IpAccessEntry {
  /** Canonical CIDR (IPv6 written out in full, as the description's patterns want); single addresses are /32 or /128. */
  cidrBlock?: string;
  awsSecurityGroup?: string;
  comment?: string;
  /** ISO date, whole seconds. */
  deleteAfterDate?: string;
  /** Clock ms when the entry becomes ACTIVE on every provider (PENDING until then). */
  activeAt: number;
}

/** An entry of a seed's project IP access list, as the API's NetworkPermissionEntry writes it (one of the three addresses). */
export interface SeedIpAccessEntry {
  ipAddress?: string;
  cidrBlock?: string;
  awsSecurityGroup?: string;
  comment?: string;
  deleteAfterDate?: string;
}

declare module '../projects/state.js' {
  interface SeedProject {
    /** The project IP access list (who may connect to its clusters), ACTIVE from the start. */
    ipAccessList?: SeedIpAccessEntry[];
  }
  interface ProjectState {
    /** The project IP access list (who may connect to its clusters); not an API key's access list. */
    ipAccessList: IpAccessEntry[];
  }
}

export const SECURITY_GROUP = /^([0-9]*\/)?sg-[0-9a-f]+$/;

/** A seed's entry as stored: the address canonical, ACTIVE from the start. */
function seedEntry(entry: SeedIpAccessEntry): IpAccessEntry {
  const stored: IpAccessEntry = { activeAt: 0 };
  if (entry.awsSecurityGroup !== undefined) stored.awsSecurityGroup = entry.awsSecurityGroup;
  else stored.cidrBlock = canonicalCidr(entry.cidrBlock ?? entry.ipAddress ?? '') ?? '';
  if (entry.comment !== undefined) stored.comment = entry.comment;
  if (entry.deleteAfterDate !== undefined) stored.deleteAfterDate = isoSeconds(Date.parse(entry.deleteAfterDate));
  return stored;
}

function checkSeed(problems: Problems, where: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add(where, 'must be an array of {ipAddress | cidrBlock | awsSecurityGroup, comment?, deleteAfterDate?}');
  list.forEach((entry, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, entry, ['ipAddress', 'cidrBlock', 'awsSecurityGroup', 'comment', 'deleteAfterDate']);
    const given = (['ipAddress', 'cidrBlock', 'awsSecurityGroup'] as const).filter((key) => entry[key] !== undefined);
    if (given.length !== 1) return problems.add(at, 'needs exactly one of ipAddress, cidrBlock, awsSecurityGroup');
    const key = given[0]!;
    if (key === 'awsSecurityGroup') problems.string(`${at}.awsSecurityGroup`, entry.awsSecurityGroup, SECURITY_GROUP, 'an AWS security group id (sg-...)');
    else if (typeof entry[key] !== 'string' || !canonicalCidr(entry[key])) problems.add(`${at}.${key}`, `"${String(entry[key])}" is not an IP address or CIDR block`);
    if (entry.comment !== undefined && (typeof entry.comment !== 'string' || entry.comment.length > 80)) problems.add(`${at}.comment`, 'must be a string of at most 80 characters');
    if (entry.deleteAfterDate !== undefined && (typeof entry.deleteAfterDate !== 'string' || Number.isNaN(Date.parse(entry.deleteAfterDate)))) {
      problems.add(`${at}.deleteAfterDate`, 'must be an ISO 8601 date');
    }
  });
}

/** The access list's part of each project: its seed field, its stored entries. */
export const ACCESS_LIST_PART: ProjectPart = {
  seedKeys: ['ipAccessList'],
  checkSeed: (project, at, problems) => checkSeed(problems, `${at}.ipAccessList`, project.ipAccessList),
  init: (project, entry) => {
    project.ipAccessList = (entry?.ipAccessList ?? []).map(seedEntry);
  },
  // State files written before projects had an IP access list.
  upgrade: (project) => {
    project.ipAccessList ??= [];
  },
};
