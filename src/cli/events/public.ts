// What other groups use of the events group: the time flags' parser (access-logs'
// --start/--end), loaded when their command runs.
export const loadTimeFlags = () => import('./time.js');
