import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '@latch/local-kit'
import type Provider from 'oidc-provider'
import { authorizationQuery, postAppleUserOnFirstConsent } from './authorization-query.js'
import { importAppleKey } from './apple-client-secret.js'
import { sendJson } from './http.js'
import { handleInteraction } from './interactions.js'
import { parseOptions } from './options.js'
import { PERSONAS, type Persona } from './personas.js'
import { createProvider, registeredClient, type RegisteredClient } from './provider.js'
import { prepareTokenRequest, type AppleKeyCheck } from './token-request.js'
import {
  SOCIAL_PROVIDER_IDS,
  type IdpUser,
  type ProviderEndpoints,
  type RunningIdentityProvider,
  type SocialProviderId,
  type StartIdentityProviderOptions,
} from './types.js'
import { handleUserInfo } from './user-info.js'

/** One provider as the server routes to it. */
interface Mounted {
  readonly persona: Persona
  readonly issuer: string
  readonly provider: Provider
  readonly callback: ReturnType<Provider['callback']>
  readonly registered: RegisteredClient | undefined
  readonly appleKey: AppleKeyCheck | undefined
  readonly users: readonly IdpUser[]
}

/** Where the Latch server reaches each provider, all under one origin. */
export function providerEndpoints(url: string): Record<SocialProviderId, ProviderEndpoints> {
  const endpoints = (id: SocialProviderId): ProviderEndpoints => {
    const persona = PERSONAS[id]
    const base = `${url}/${id}`
    return {
      authorizationEndpoint: `${base}/auth`,
      tokenEndpoint: `${base}/token`,
      ...(persona.userInfoPath && { userInfoEndpoint: `${base}${persona.userInfoPath}` }),
      ...(persona.userEmailsPath && { userEmailsEndpoint: `${base}${persona.userEmailsPath}` }),
      ...(persona.openid && { issuer: base, jwksUri: `${base}/jwks` }),
    }
  }
  return {
    google: endpoints('google'),
    github: endpoints('github'),
    apple: endpoints('apple'),
    facebook: endpoints('facebook'),
    x: endpoints('x'),
    discord: endpoints('discord'),
  }
}

async function mount(
  id: SocialProviderId,
  url: string,
  client: Parameters<typeof registeredClient>[0] | undefined,
  users: readonly IdpUser[],
): Promise<Mounted> {
  const persona = PERSONAS[id]
  const issuer = `${url}/${id}`
  const registered = client && registeredClient(client)
  const provider = await createProvider(persona, issuer, registered, users)
  if (id === 'apple') postAppleUserOnFirstConsent(provider, users)
  const key = client?.appleClientSecretKey
  const appleKey = key && { publicKey: await importAppleKey(key), issuer }
  return { persona, issuer, provider, callback: provider.callback(), registered, appleKey, users }
}

/**
 * Hands a request to its provider: its own API and interaction routes first, then oidc-provider
 * under the prefix (Express-style: `originalUrl` keeps the full path, from which oidc-provider
 * works out where it is mounted).
 */
async function route(mounted: Mounted, path: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://local')
  if (await handleUserInfo(req, res, mounted, path, url.searchParams)) return
  const interaction = /^\/interaction\/([^/]+)$/.exec(path)
  if (interaction?.[1] !== undefined) {
    await handleInteraction(req, res, mounted, interaction[1])
    return
  }
  let request = req
  let search = url.search
  if (path === '/token') {
    const prepared = await prepareTokenRequest(
      req,
      mounted.persona,
      mounted.registered,
      mounted.appleKey,
    )
    if ('refusal' in prepared) {
      sendJson(res, prepared.refusal.status, prepared.refusal.body)
      return
    }
    request = prepared.request
  } else if (path === '/auth') {
    search = `?${authorizationQuery(mounted.persona, url.searchParams).toString()}`
  }
  Object.assign(request, { originalUrl: `/${mounted.persona.id}${path}${search}` })
  request.url = `${path}${search}`
  await mounted.callback(request, res)
}

/**
 * Starts the local identity provider: one HTTP server on 127.0.0.1 with six oidc-provider
 * instances under `/google`, `/github`, `/apple`, `/facebook`, `/x` and `/discord`, each with
 * its own signing key (made now, never stored), its own cookies and its own in-memory store.
 * @throws Error naming every wrong option, or when the port is taken.
 */
export async function startIdentityProvider(
  options: StartIdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const settings = parseOptions(options)
  const mounts = new Map<string, Mounted>()
  // Known once listening (the port may be a free one); no request is handled before that.
  let url = ''
  const server = createServer((req, res) => {
    const [, id = '', ...rest] = (req.url ?? '/').split('?')[0]?.split('/') ?? []
    const mounted = mounts.get(id)
    if (!mounted) {
      // The root tells a person (or a script) where each provider is.
      if (id === '' && req.method === 'GET')
        sendJson(res, 200, { url, providers: providerEndpoints(url) })
      else sendJson(res, 404, { error: 'not_found', providers: [...mounts.keys()] })
      return
    }
    route(mounted, `/${rest.join('/')}`, req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: 'server_error', error_description: String(error) })
      else res.destroy()
    })
  })
  const listening = await listenOnLoopback(server, settings.port)
  // The URL names the host asked for (localhost or 127.0.0.1): cookies belong to that name.
  url = `http://${settings.host}:${listening.port}`
  try {
    const mounted = await Promise.all(
      SOCIAL_PROVIDER_IDS.map((id) => mount(id, url, settings.clients[id], settings.users)),
    )
    for (const entry of mounted) mounts.set(entry.persona.id, entry)
  } catch (error) {
    await listening.close()
    throw error
  }
  return {
    url,
    providers: providerEndpoints(url),
    users: settings.users.map((user) => ({ ...user })),
    stop: () => listening.close(),
  }
}
