// Types for the undici files src/api/undici.ts imports directly (the package
// declares types only for its entry point).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  const request: Dispatcher['request'];
  export default request;
}
declare module 'undici/lib/interceptor/retry.js' {
  import type { interceptors } from 'undici';
  const retry: typeof interceptors.retry;
  export default retry;
}
