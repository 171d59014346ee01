// What an instance takes from the host's Latch server (the `serverUrl` option): the project's
// features, read once at start (SPEC §7 GET /appkit/v1/config), and the wallet directory. The
// environment may stand in for either (tests do). Without a server, or without the project id
// every server route requires, the instance makes no server call: local features, built-in
// wallets.
import type { ResolvedOptions } from '../options/schema.js'
import type { LatchDirectoryOptions } from '../wallets/latch-directory.js'

/** The parts of the environment that replace or reach the server. */
export interface ServerEnvironment {
  /** The fetch of every call to the server; `globalThis.fetch`, read at each call, by default. */
  fetch?: typeof fetch
  /** Replaces the server's project configuration (tests); called once, at start. */
  fetchProjectConfig?: (projectId: string) => Promise<unknown>
  /** Replaces the server's directory: its `baseUrl` (even '', none) or local `wallets` win. */
  directory?: LatchDirectoryOptions
}

export interface ServerServices {
  /**
   * Reads the project's configuration, once, when the instance runs; `undefined`: there is none
   * to read (no project id, or neither a server nor an override).
   * @throws LatchError from the server (INVALID_APP_CONFIGURATION on a 403), or the override's
   * own failure; either way the instance keeps its local features.
   */
  fetchProjectConfig?: (signal: AbortSignal) => Promise<unknown>
  /** The instance's directory: the server's, unless the environment names another. */
  directory: LatchDirectoryOptions
}

export function serverServices(
  options: Pick<ResolvedOptions, 'serverUrl' | 'projectId'>,
  env: ServerEnvironment,
): ServerServices {
  const { projectId } = options
  const serverUrl = projectId ? options.serverUrl : undefined
  const own = env.directory ?? {}
  const useServer = serverUrl !== undefined && own.baseUrl === undefined && !own.wallets
  const fetch = own.fetch ?? env.fetch
  const directory: LatchDirectoryOptions = {
    ...own,
    ...(useServer ? { baseUrl: serverUrl } : {}),
    ...(fetch ? { fetch } : {}),
  }
  const override = env.fetchProjectConfig
  if (!projectId) return { directory }
  if (override) return { directory, fetchProjectConfig: () => override(projectId) }
  if (serverUrl === undefined) return { directory }
  return {
    directory,
    async fetchProjectConfig(signal) {
      // Its own chunk: only a started instance with a server reads its configuration.
      const { createProviderClient } = await import('../clients/provider-client.js')
      const client = createProviderClient({
        serverUrl,
        projectId,
        ...(env.fetch ? { fetch: env.fetch } : {}),
      })
      return client.getProjectConfig({ signal })
    },
  }
}
