import { readFileSync } from 'node:fs'
import { parsePort, portFromEnv, runLocalCommand } from '@latch/local-kit'
import { startIdentityProvider } from './identity-provider.js'
import { localClients } from './local-clients.js'
import {
  SOCIAL_PROVIDER_IDS,
  type RunningIdentityProvider,
  type StartIdentityProviderOptions,
} from './types.js'

/** The port when neither --port nor the environment names one. */
export const DEFAULT_IDENTITY_PROVIDER_PORT = 8790
export const IDENTITY_PROVIDER_PORT_ENV = 'LATCH_IDENTITY_PROVIDER_PORT'

const USAGE = `Usage: latch-identity-provider (--redirect-uri <uri> | --config <file>) [--port <port>]
                               [--host 127.0.0.1|localhost] [--out <file>]

Runs Latch's local identity provider: oidc-provider on 127.0.0.1 standing in for Google, GitHub,
Apple, Facebook, X and Discord, each under its own path, with scripted users (alice: verified
email, bob: unverified email, carol: no email). Prints one JSON line
{url, providers, clients, users} to stdout, each provider's sign-in page to stderr, and runs
until SIGINT or SIGTERM.

  --redirect-uri <uri>  register the development client at every provider (id
                        latch-local-<provider>, secret latch-local-<provider>-secret), redirecting
                        to <uri>, where {provider} becomes the provider's id
  --config <file>       a JSON file {"clients": {"github": {"clientId", "clientSecret",
                        "redirectUris": [...]}, ...}, "users": [...]} (see the README);
                        with --redirect-uri too, the file's clients come first
  --port <port>         else ${IDENTITY_PROVIDER_PORT_ENV}, else ${DEFAULT_IDENTITY_PROVIDER_PORT} (0 takes a free one)
  --host <host>         127.0.0.1 (the default) or localhost: the name in every URL
  --out <file>          also write the JSON line to <file> (removed again on stop)
`

/** The JSON file's content: the options, all but the clients optional. */
function readConfig(path: string): Partial<StartIdentityProviderOptions> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`--config: cannot read ${path}: ${messageOf(error)}`, { cause: error })
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('it must hold a JSON object')
    }
    return parsed
  } catch (error) {
    throw new Error(`--config: ${path}: ${messageOf(error)}`, { cause: error })
  }
}

/** Reads the options; startIdentityProvider checks them (and names every wrong field). */
export function cliOptions(
  values: Readonly<Record<string, string | undefined>>,
  env: NodeJS.ProcessEnv = process.env,
): StartIdentityProviderOptions {
  const config = values.config === undefined ? {} : readConfig(values.config)
  const template = values['redirect-uri']
  if (template === undefined && config.clients === undefined) {
    throw new Error('give --redirect-uri or --config: no client would be registered')
  }
  const local =
    template === undefined ? {} : localClients((id) => template.replaceAll('{provider}', id))
  const port =
    values.port === '0'
      ? 0
      : values.port === undefined
        ? (config.port ??
          portFromEnv(IDENTITY_PROVIDER_PORT_ENV, env) ??
          DEFAULT_IDENTITY_PROVIDER_PORT)
        : parsePort(values.port, '--port')
  return {
    ...config,
    ...(values.host !== undefined && { host: values.host }),
    port,
    clients: { ...local, ...config.clients },
  }
}

/** The JSON line: where everything is, which clients are registered (ids, never secrets). */
export function identityProviderSummary(
  idp: RunningIdentityProvider,
  options: StartIdentityProviderOptions,
) {
  const clients = Object.fromEntries(
    Object.entries(options.clients).map(([id, client]) => [
      id,
      { clientId: client.clientId, redirectUris: client.redirectUris },
    ]),
  )
  return { url: idp.url, providers: idp.providers, clients, users: idp.users }
}

/** The ready line's detail: the URL, and where each provider lives under it. */
function where(idp: RunningIdentityProvider): string {
  return `${idp.url} (${SOCIAL_PROVIDER_IDS.join(', ')}, each under /<provider>; sign-in starts at /<provider>/auth)`
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The running provider, as the command holds it. */
type CommandPart = RunningIdentityProvider & {
  readonly options: StartIdentityProviderOptions
  readonly readyInMs: number
}

/** The bin: `latch-identity-provider`. */
export function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  return runLocalCommand<StartIdentityProviderOptions, CommandPart>(
    {
      name: 'latch-identity-provider',
      usage: USAGE,
      options: ['config', 'redirect-uri', 'port', 'host'],
      settings: (values) => cliOptions(values),
      start: async (options) => {
        const startedAt = performance.now()
        const idp = await startIdentityProvider(options)
        return { ...idp, options, readyInMs: Math.round(performance.now() - startedAt) }
      },
      summary: (part) => identityProviderSummary(part, part.options),
      where,
    },
    argv,
  )
}
