import { readFile } from 'node:fs/promises'
import { serverConfigSchema, type ServerConfig } from './schema.js'

/** A configuration that failed its checks: one line per wrong field. */
export class ServerConfigError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(
      `Invalid Latch server configuration (${source}):\n` +
        issues.map((issue) => `  ${issue.path || '(root)'}: ${issue.message}`).join('\n'),
    )
    this.name = 'ServerConfigError'
  }
}

/**
 * Checks a configuration object.
 * @throws ServerConfigError naming every wrong field.
 */
export function parseServerConfig(value: unknown, source = 'configuration'): ServerConfig {
  const result = serverConfigSchema.safeParse(value)
  if (result.success) return result.data
  throw new ServerConfigError(
    source,
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  )
}

/**
 * Reads and checks the configuration file.
 * @throws ServerConfigError when the file is missing, is not JSON, or has a wrong field.
 */
export async function loadServerConfig(path: string): Promise<ServerConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ServerConfigError(path, [
      { path: '', message: `Cannot read the file: ${String(error)}` },
    ])
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ServerConfigError(path, [
      { path: '', message: `Not JSON: ${(error as Error).message}` },
    ])
  }
  return parseServerConfig(json, path)
}
