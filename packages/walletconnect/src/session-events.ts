import { isCaipNetworkId, type ChainNamespace } from '@latch/core'
import type { UniversalProvider } from './provider-types.js'
import * as z from 'zod/mini'
import type { NamespaceProvider } from './remote-provider.js'
import { toHexChainId } from './results.js'
import { isSessionAccount, namespaceOfKey } from './session.js'

/** The universal provider's event for a chain change, whoever made it (wallet or switch). */
const DEFAULT_CHAIN_CHANGED = 'default_chain_changed'

const caip2 = z.string().check(z.refine(isCaipNetworkId))
const chainChangedSchema = z.object({ currentCaipChainId: caip2 })
const sessionEventSchema = z.object({
  topic: z.string(),
  params: z.object({
    chainId: caip2,
    event: z.object({ name: z.string(), data: z.unknown() }),
  }),
})
const topicEventSchema = z.object({ topic: z.string() })
const disconnectEventSchema = z.object({ data: z.string() })

export interface SessionEventsDeps {
  provider: UniversalProvider
  /** The topic of the session Latch accepted, if any: events of any other session are ignored. */
  acceptedTopic(): string | undefined
  /** The namespace providers handed out so far. */
  providers(): ReadonlyMap<ChainNamespace, NamespaceProvider>
  /** The accepted session ended on the wallet's side or expired. */
  onEnded(topic: string): void
  /** A request went to the wallet (the client may reopen it on a phone). */
  onRequestSent(topic: string): void
}

export interface SessionEvents {
  /**
   * A session was accepted: its accounts per namespace are what the adapters were given, so
   * only a later difference is reported as `accountsChanged`.
   */
  seed(namespaces: readonly ChainNamespace[]): void
  /** Removes every listener. */
  stop(): void
}

/**
 * Turns the universal provider's and sign-client's events into each namespace provider's
 * EIP-1193 events: `chainChanged` (hex for EVM), `accountsChanged` (addresses, reported when the
 * list changes) and `disconnect`. Every payload is parsed, since it came from the wallet.
 */
export function wireSessionEvents(deps: SessionEventsDeps): SessionEvents {
  const { provider } = deps
  const client = provider.client
  const lastAccounts = new Map<ChainNamespace, string>()

  const isAccepted = (topic: string) => topic === deps.acceptedTopic()

  const reportAccounts = (namespace: ChainNamespace, accounts: readonly string[]) => {
    const key = accounts.join(',')
    if (lastAccounts.get(namespace) === key) return
    lastAccounts.set(namespace, key)
    deps
      .providers()
      .get(namespace)
      ?.emit('accountsChanged', [...accounts])
  }

  // The accounts the provider now exposes in a namespace (those on its current chain).
  const currentAccounts = (namespace: ChainNamespace): string[] => {
    try {
      const answer: unknown = provider.rpcProviders[namespace]?.requestAccounts()
      return Array.isArray(answer)
        ? answer.filter((address): address is string => typeof address === 'string')
        : []
    } catch {
      return []
    }
  }

  const onChainChanged = (payload: unknown) => {
    const parsed = chainChangedSchema.safeParse(payload)
    const topic = provider.session?.topic
    if (!parsed.success || !topic || !isAccepted(topic)) return
    const [namespace = '', reference = ''] = parsed.data.currentCaipChainId.split(':')
    const target = deps.providers().get(namespace)
    if (namespace === 'eip155' && !/^\d{1,16}$/.test(reference)) return
    target?.emit('chainChanged', namespace === 'eip155' ? toHexChainId(reference) : reference)
    reportAccounts(namespace, currentAccounts(namespace))
  }

  const onSessionEvent = (payload: unknown) => {
    const parsed = sessionEventSchema.safeParse(payload)
    if (!parsed.success || !isAccepted(parsed.data.topic)) return
    const { chainId, event } = parsed.data.params
    const namespace = namespaceOfKey(chainId)
    if (!namespace || event.name !== 'accountsChanged' || !Array.isArray(event.data)) return
    // Wallets send CAIP-10 ids or bare addresses; either way only well-formed ones count.
    const addresses = event.data.flatMap((entry: unknown) => {
      if (typeof entry !== 'string') return []
      const caip = entry.includes(':') ? entry : `${chainId}:${entry}`
      return isSessionAccount(namespace, caip) ? [caip.split(':')[2] ?? ''] : []
    })
    reportAccounts(namespace, addresses)
  }

  const onSessionUpdate = (payload: unknown) => {
    const parsed = topicEventSchema.safeParse(payload)
    if (!parsed.success || !isAccepted(parsed.data.topic)) return
    for (const namespace of deps.providers().keys())
      reportAccounts(namespace, currentAccounts(namespace))
  }

  const onEnded = (payload: unknown) => {
    const parsed = topicEventSchema.safeParse(payload)
    if (parsed.success && isAccepted(parsed.data.topic)) deps.onEnded(parsed.data.topic)
  }

  // The provider's `disconnect` carries the topic in `data` (after its own session_delete).
  const onProviderDisconnect = (payload: unknown) => {
    const parsed = disconnectEventSchema.safeParse(payload)
    if (parsed.success && isAccepted(parsed.data.data)) deps.onEnded(parsed.data.data)
  }

  const onRequestSent = (payload: unknown) => {
    const parsed = topicEventSchema.safeParse(payload)
    if (parsed.success && isAccepted(parsed.data.topic)) deps.onRequestSent(parsed.data.topic)
  }

  provider.on(DEFAULT_CHAIN_CHANGED, onChainChanged)
  provider.on('disconnect', onProviderDisconnect)
  client.on('session_event', onSessionEvent)
  client.on('session_update', onSessionUpdate)
  client.on('session_delete', onEnded)
  client.on('session_expire', onEnded)
  client.on('session_request_sent', onRequestSent)

  return {
    seed(namespaces) {
      lastAccounts.clear()
      for (const namespace of namespaces)
        lastAccounts.set(namespace, currentAccounts(namespace).join(','))
    },
    stop() {
      provider.removeListener(DEFAULT_CHAIN_CHANGED, onChainChanged)
      provider.removeListener('disconnect', onProviderDisconnect)
      client.off('session_event', onSessionEvent)
      client.off('session_update', onSessionUpdate)
      client.off('session_delete', onEnded)
      client.off('session_expire', onEnded)
      client.off('session_request_sent', onRequestSent)
    },
  }
}
