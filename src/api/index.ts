export {
  type ApiAuth,
  type ApiClient,
  type ApiClientOptions,
  type ApiResponse,
  createApiClient,
  type RequestOptions,
  type Transport,
} from './client.js';
export { coreRecordPath, coreRouteUrl } from './core-routes.js';
export {
  apiBaseFromUrl,
  createDiscoveryFetcher,
  type DiscoveryAnswer,
  type DiscoveryFetcher,
  type DiscoveryFetcherOptions,
  namespaceUrl,
  normalizeSiteUrl,
  parseApiLink,
  resolveApiBase,
} from './discover.js';
export {
  ApiError,
  type ApiErrorInit,
  apiErrorFromResponse,
  type ErrorData,
  type ErrorEnvelope,
  errorCodeOf,
  exitCodeForStatus,
  isErrorEnvelope,
  isNetworkCode,
  NetworkError,
  serializedWpError,
  TimeoutError,
  type TimeoutPhase,
} from './errors.js';
export { onePerKey } from './memo.js';
export { collect, type PageInfo, type PaginateOptions, paginate } from './paginate.js';
export { appendParam, encodeParams, type ParamObject, type ParamValue, redactUrl } from './params.js';
export {
  type ApiBase,
  apiUrl,
  homePathOf,
  isAbsoluteUrl,
  parseRestRoot,
  type RestRoot,
  restRootHref,
  restUrl,
  siteRouteUrl,
  splitApiBase,
  withQuery,
} from './rest-url.js';
export {
  type BackoffOptions,
  backoffDelay,
  isIdempotent,
  isTransientFailure,
  isUnknownOutcome,
  type RetryInput,
  retryAfterMs,
  shouldRetry,
} from './retry.js';
export { type CallerRole, canPublishEvents, describeRole, fetchCallerRole, roleLimits } from './role.js';
export { fetchDateFormat } from './site-settings.js';
export { retryPause, WRITE_ATTEMPTS, type WriteOnce, writeOnce } from './write-once.js';
