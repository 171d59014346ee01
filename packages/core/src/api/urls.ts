import { LATCH_SDK, sdkParams, type SdkInfo } from './sdk-info.js'

/** A server root without its trailing slashes, so every path is appended once. */
const root = (serverUrl: string) => serverUrl.replace(/\/+$/, '')

/**
 * `{serverUrl}{path}` with SPEC §7's `projectId`, `st` and `sv` first in its query, then
 * `query`'s own parameters. The server requires the project id on every route, images included.
 * @param serverUrl the server root (the `serverUrl` option), with or without a trailing slash.
 * @param path from the root, starting with `/` (e.g. `/appkit/v1/config`); already encoded.
 */
export function serverApiUrl(
  serverUrl: string,
  path: string,
  projectId: string,
  sdk: SdkInfo = LATCH_SDK,
  query: Record<string, string> = {},
): string {
  const url = new URL(`${root(serverUrl)}${path}`)
  url.search = new URLSearchParams({ ...sdkParams(projectId, sdk), ...query }).toString()
  return url.toString()
}

/** The default RPC of a chain on a Latch server (SPEC §7: `/v1/?chainId&projectId`). */
export function serverRpcUrl(serverUrl: string, chainId: string, projectId: string): string {
  const url = new URL(`${root(serverUrl)}/v1/`)
  url.search = new URLSearchParams({ chainId, projectId }).toString()
  return url.toString()
}
