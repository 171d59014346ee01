// SPEC §7 "Provider services" on the host's Latch server, one function per call, with the
// SPEC's failure rules: origins fall back to an empty list, analytics to off, and the project
// configuration's failure is the caller's to turn into local values (or, on a 403, the
// 'Invalid App Configuration' alert). The wallet directory has its own client (directory/).
import * as z from 'zod/mini'
import { projectConfigSchema, type ProjectConfig } from '../api/project-config.js'
import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  eventAcceptedSchema,
  eventBodySchema,
  type AllowedOrigins,
  type AnalyticsConfig,
  type EventBody,
} from '../api/provider.js'
import type { SdkInfo } from '../api/sdk.js'
import { serverApiUrl } from '../api/urls.js'
import { LatchError } from '../errors/latch-error.js'
import { requestJson } from './http.js'

/** Where and as whom an instance calls its Latch server. */
export interface ServerEndpoint {
  /** The server's root (the `serverUrl` option), with or without a trailing slash. */
  serverUrl: string
  /** Sent as `projectId` on every call. */
  projectId: string
  /** Sent as `st` and `sv` on every call; Latch's own (`LATCH_SDK`) by default. */
  sdk?: SdkInfo
  /** The fetch to use; `globalThis.fetch`, read at each call, by default. */
  fetch?: typeof fetch
}

/** Options of one call. */
export interface CallOptions {
  /** Cancels the call. */
  signal?: AbortSignal
}

/** The provider services of one project on one server. Each call sends projectId, st and sv. */
export interface ProviderClient {
  /**
   * SPEC §7 `GET /appkit/v1/config`: the project's features (merged over the local ones by the
   * instance, see `mergeRemoteFeatures`).
   * @throws LatchError as `requestJson` does: INVALID_APP_CONFIGURATION on a 403, HTTP_STATUS,
   * UNKNOWN_ERROR (unreachable, or not a configuration) or SOMETHING_WENT_WRONG (cancelled).
   */
  getProjectConfig(options?: CallOptions): Promise<ProjectConfig>
  /** SPEC §7 `GET /projects/v1/origins`. Never rejects: any failure is `{ allowedOrigins: [] }`. */
  getAllowedOrigins(options?: CallOptions): Promise<AllowedOrigins>
  /** SPEC §7 `GET /getAnalyticsConfig`. Never rejects: any failure is analytics off. */
  getAnalyticsConfig(options?: CallOptions): Promise<AnalyticsConfig>
  /**
   * SPEC §7 `POST /e`: one analytics event or error report, checked against `eventBodySchema`
   * before it leaves (an invalid one is never sent). Error reports go through the error
   * reporter, which keeps SPEC §9's limit.
   * @throws LatchError UNKNOWN_ERROR for an invalid body, else as `requestJson` does.
   */
  sendEvent(body: EventBody, options?: CallOptions): Promise<void>
}

/** The provider-services client of `endpoint`'s project. Holds no state. */
export function createProviderClient(endpoint: ServerEndpoint): ProviderClient {
  const url = (path: string) =>
    serverApiUrl(endpoint.serverUrl, path, endpoint.projectId, endpoint.sdk)
  const get = <S extends z.core.$ZodType>(path: string, schema: S, options: CallOptions) =>
    requestJson({ url: url(path), fetch: endpoint.fetch, signal: options.signal }, schema)

  return {
    getProjectConfig: (options = {}) => get('/appkit/v1/config', projectConfigSchema, options),
    getAllowedOrigins: (options = {}) =>
      get('/projects/v1/origins', allowedOriginsSchema, options).catch(() => ({
        allowedOrigins: [],
      })),
    getAnalyticsConfig: (options = {}) =>
      get('/getAnalyticsConfig', analyticsConfigSchema, options).catch(() => ({
        isAnalyticsEnabled: false,
      })),
    async sendEvent(body, options = {}) {
      const checked = z.safeParse(eventBodySchema, body)
      if (!checked.success) throw new LatchError('UNKNOWN_ERROR', { cause: checked.error })
      await requestJson(
        {
          url: url('/e'),
          method: 'POST',
          body: checked.data,
          fetch: endpoint.fetch,
          signal: options.signal,
        },
        eventAcceptedSchema,
      )
    },
  }
}
