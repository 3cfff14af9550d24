// The fixed values the settings flags take, and their parsers, named here so that registering the commands
// loads no model at start-up (test/unit/build/startupGraph.test.ts); the alerts property
// test holds them equal to src/model/alertConfig.ts, which checks the body when it runs.
import { UsageError } from '../../base/errors.js';

export const NOTIFICATION_TYPES = ['DATADOG', 'EMAIL', 'GROUP', 'HIP_CHAT', 'MICROSOFT_TEAMS', 'OPS_GENIE', 'ORG', 'PAGER_DUTY', 'SLACK', 'SMS', 'TEAM', 'USER', 'VICTOR_OPS', 'WEBHOOK'] as const;
export const MATCHER_OPERATORS = ['EQUALS', 'CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'NOT_EQUALS', 'NOT_CONTAINS', 'REGEX'] as const;
export const THRESHOLD_OPERATORS = ['GREATER_THAN', 'LESS_THAN'] as const;

/** --metric-threshold: any finite number. */
export function numberFlag(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`invalid ${flag} "${value}": expected a number`);
    return n;
  };
}

/** Upper-case words (event types, operators, units) as the service spells them. */
export function upperFlag(flag: string) {
  return (value: string): string => {
    const upper = value.trim().toUpperCase();
    if (!/^[A-Z][A-Z0-9_]*$/.test(upper)) throw new UsageError(`invalid ${flag} "${value}": expected a name such as NO_PRIMARY`);
    return upper;
  };
}
