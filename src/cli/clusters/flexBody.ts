// The create body of a flex cluster (`clusters create --tier FLEX`, a --file or apply
// body in the flex shape, env up's default): {name, providerSettings:
// {backingProviderName, regionName}, tags, terminationProtectionEnabled}; everything
// else is fixed by the tier, so the flags that would set it are refused before anything is sent.
import { UsageError } from '../../base/errors.js';
import { asObject } from '../../base/object.js';
import { isKnownRegion } from '../../model/catalog.js';
import { checkFlexBody, FLEX_BACKING_PROVIDERS } from '../../model/flexCluster.js';
import { mergeTags, type TopologyFlags } from './body.js';
import { FLEX_CANNOT } from './flex.js';

type Doc = Record<string, unknown>;

export interface FlexCreateFlags extends TopologyFlags {
  terminationProtection?: boolean;
  watch?: boolean;
}

/** The flags a flex create refuses, with why. */
function refuseFlexFlags(flags: FlexCreateFlags): void {
  if (flags.shards !== undefined || (flags.type !== undefined && flags.type !== 'REPLICASET')) {
    throw new UsageError(`${flags.shards !== undefined ? '--shards' : `--type ${flags.type}`}: ${FLEX_CANNOT.shards}`);
  }
  const fixed = [
    flags.members !== undefined ? '--members' : '',
    flags.diskSizeGb !== undefined ? '--disk-size-gb' : '',
    flags.dbVersion !== undefined ? '--db-version' : '',
    flags.backup ? '--backup' : '',
  ].filter(Boolean);
  if (fixed.length > 0) {
    throw new UsageError(`${fixed.join(', ')}: not available for --tier FLEX (flex clusters have 3 members, ${'5 GB'} of storage, the service's database version and backups always on)`);
  }
  if (flags.provider === 'TENANT') {
    throw new UsageError(`--provider TENANT with --tier FLEX: give the cloud the flex cluster runs on, one of ${FLEX_BACKING_PROVIDERS.join(', ')}`);
  }
}

/** The flex create body from a file (if any) and the flags on top; checked before anything is sent. */
export function flexCreateBody(name: string, file: Doc | undefined, flags: FlexCreateFlags, source: string): Doc {
  refuseFlexFlags(flags);
  const { name: _same, ...fields } = structuredClone(file ?? {});
  const body: Doc = { name, ...fields };
  const settings = { ...asObject(body.providerSettings) };
  if (flags.provider !== undefined) settings.backingProviderName = flags.provider;
  if (flags.region !== undefined) settings.regionName = flags.region;
  body.providerSettings = settings;
  if (flags.tag && flags.tag.length > 0) mergeTags(body, flags.tag);
  if (flags.terminationProtection !== undefined) body.terminationProtectionEnabled = flags.terminationProtection;
  const problem = checkFlexBody(body, 'create');
  if (problem) {
    const flag = problem.field === 'providerSettings.backingProviderName' ? '--provider' : problem.field === 'providerSettings.regionName' ? '--region' : undefined;
    if (problem.code === 'MISSING_ATTRIBUTE' && flag) throw new UsageError(`a flex cluster needs ${flag}`, { hint: `e.g. --tier FLEX --provider AWS --region US_EAST_1` });
    const what = problem.code === 'ATTRIBUTE_READ_ONLY' ? 'is read-only' : problem.code === 'MISSING_ATTRIBUTE' ? 'is missing' : 'is not a field (or value) a flex cluster takes';
    throw new UsageError(`${source}: ${problem.field} ${what}`, problem.code === 'ATTRIBUTE_READ_ONLY' ? { hint: 'remove it: the service sets it itself' } : undefined);
  }
  const { backingProviderName, regionName } = settings as { backingProviderName: (typeof FLEX_BACKING_PROVIDERS)[number]; regionName: string };
  if (!isKnownRegion(backingProviderName, regionName)) {
    throw new UsageError(`unknown --region ${regionName} for ${backingProviderName}`, { hint: 'region names look like US_EAST_1 (AWS), EUROPE_WEST (Azure), CENTRAL_US (GCP)' });
  }
  return body;
}
