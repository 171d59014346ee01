import {
  LatchError,
  pairingExpiryTimestamp,
  type ChainNamespace,
  type PairingRequest,
  type WalletConnectClient,
  type WalletConnectConfig,
  type WalletConnectSession,
} from '@latch/core'
import { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'
import { openWalletLink, walletLink } from './deep-link.js'
import { WalletRpcError, pairingAbortedError, toPairingError } from './errors.js'
import { parseConfig, parseEnvironment, type WalletConnectEnvironment } from './options.js'
import { isPairingUri, pairingTopicOf, withPairingExpiry } from './pairing-uri.js'
import type { ProviderSession, ProviderStorage, UniversalProvider } from './provider-types.js'
import { createNamespaceProvider, type NamespaceProvider } from './remote-provider.js'
import { wireSessionEvents } from './session-events.js'
import { toSession } from './session.js'
import { outcomeWithin } from './timeout.js'

/** SPEC §9: disconnecting waits at most 3 s for the relay, then ends the session locally. */
export const DISCONNECT_WAIT_MS = 3_000

/** sign-client's reason for ending a session or pairing Latch no longer wants. */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** The client, plus what tests and teardown need beyond core's contract. */
export interface LatchWalletConnectClient extends WalletConnectClient {
  /** The underlying universal provider (advanced use; Latch's own code goes through the client). */
  readonly provider: UniversalProvider
  /**
   * Closes the relay socket and stops the timers, leaving the session stored (a later client with
   * the same storage and prefix restores it). The client is unusable afterwards.
   */
  close(): Promise<void>
}

/** Resolves with `promise`, or rejects with an AbortError as soon as `signal` fires. */
function untilAborted(promise: Promise<unknown>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(pairingAbortedError())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort)
        if (signal.aborted) reject(pairingAbortedError())
        else resolve()
      },
      () => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      },
    )
  })
}

/**
 * Latch's WalletConnect client: one universal provider per call (core makes one per Latch
 * instance). It is set up to reach only the configured relay, verify service and RPC URLs: no
 * telemetry, no default RPC, and the verify iframe pointed at `config.verifyUrl`.
 */
export async function createWalletConnectClient(
  config: WalletConnectConfig,
  environment: WalletConnectEnvironment = {},
): Promise<LatchWalletConnectClient> {
  const settings = parseConfig(config)
  const env = parseEnvironment(environment)
  // Whether this is a phone is the host's call (React passes the instance's own check).
  const isMobile = env.isMobile ?? (() => false)
  const openUrl = env.openUrl ?? openWalletLink

  let provider: UniversalProvider
  try {
    provider = await UniversalProviderClass.init({
      projectId: settings.projectId,
      ...(settings.relayUrl ? { relayUrl: settings.relayUrl } : {}),
      metadata: settings.metadata,
      // Every stored key carries the prefix, and sign-client shares one core per prefix in a
      // page: two Latch instances with different prefixes never see each other's sessions.
      customStoragePrefix: settings.storagePrefix,
      // Must be false, not absent: the event client defaults to on and posts to pulse.walletconnect.org.
      telemetryEnabled: false,
      logger: env.logger ?? 'silent',
      // The provider would POST a "test" request to each RPC URL before its first read.
      disableProviderPing: true,
      ...(env.storage ? { storage: env.storage as ProviderStorage } : {}),
    })
  } catch (cause) {
    throw new LatchError('SIGN_CLIENT_NOT_INITIALIZED', { cause })
  }
  if (settings.verifyUrl) pointVerifyAt(provider, settings.verifyUrl)

  let accepted: WalletConnectSession | undefined
  let closed = false
  const deletedListeners = new Set<() => void>()
  const providers = new Map<ChainNamespace, NamespaceProvider>()
  // Proposals are created one after another: the provider announces each URI through one
  // `display_uri` event, so a URI is only attributable while a single proposal is being made.
  let proposing: Promise<unknown> = Promise.resolve()

  const current = (): { provider: UniversalProvider; session: ProviderSession } => {
    if (closed || !provider.client) throw new LatchError('SIGN_CLIENT_NOT_INITIALIZED')
    const session = provider.session
    if (!session || !accepted || session.topic !== accepted.topic)
      throw new LatchError('CONNECT_BEFORE_REQUEST')
    return { provider, session }
  }

  const ended = (topic: string) => {
    if (accepted?.topic !== topic) return
    accepted = undefined
    const reason = new WalletRpcError(4900, 'The wallet ended the session.')
    for (const namespaceProvider of providers.values()) namespaceProvider.emit('disconnect', reason)
    for (const listener of [...deletedListeners]) {
      try {
        listener()
      } catch {
        // A failing listener must not keep the others from hearing of the deletion.
      }
    }
  }

  const events = wireSessionEvents({
    provider,
    acceptedTopic: () => accepted?.topic,
    providers: () => providers,
    onEnded: ended,
    onRequestSent: () => {
      if (isMobile()) client.openWallet?.()
    },
  })

  const accept = (session: WalletConnectSession) => {
    accepted = session
    events.seed(Object.keys(session.accounts))
  }

  /** Ends a session on the wallet's side if the relay allows, and always here. */
  const endSession = async (topic: string) => {
    const outcome = await outcomeWithin(
      provider.client.disconnect({ topic, reason: USER_DISCONNECTED }),
      DISCONNECT_WAIT_MS,
    )
    if (outcome !== 'fulfilled') await forgetSession(topic)
  }

  /** Removes a session from the local stores only (the relay was unreachable). */
  const forgetSession = async (topic: string) => {
    try {
      await provider.client.session.delete(topic, USER_DISCONNECTED)
      provider.client.core.expirer.del(topic)
    } catch {
      // Already gone.
    }
  }

  /**
   * A proposal Latch gave up on: its pairing is dropped (so the wallet's late answer is never
   * received) and its proposal deleted (so an answer that still arrives finds nothing to settle).
   */
  const abandon = (pairingTopic: string | undefined) => {
    if (!pairingTopic) return
    const client = provider.client
    for (const proposal of client.proposal.getAll()) {
      if (proposal.pairingTopic === pairingTopic)
        client.proposal.delete(proposal.id, USER_DISCONNECTED).catch(() => undefined)
    }
    if (client.core.pairing.pairings.keys.includes(pairingTopic))
      client.core.pairing.disconnect({ topic: pairingTopic }).catch(() => undefined)
  }

  /** A session approved after its proposal was abandoned: ended at once, never handed out. */
  const discardLate = async (raw: ProviderSession | undefined) => {
    if (!raw || raw.topic === accepted?.topic) return
    if (provider.session?.topic === raw.topic) provider.session = undefined
    await endSession(raw.topic)
  }

  const client: LatchWalletConnectClient = {
    provider,

    async pair({ onUri, signal }: PairingRequest): Promise<WalletConnectSession> {
      if (closed) throw new LatchError('SIGN_CLIENT_NOT_INITIALIZED')
      if (signal.aborted) throw pairingAbortedError()
      // Take a turn: this proposal starts once the previous one has shown its URI (or failed).
      const previous = proposing
      let release!: () => void
      const done = new Promise<void>((resolve) => (release = resolve))
      proposing = previous.then(() => done)
      try {
        await untilAborted(previous, signal)
      } catch (error) {
        release()
        throw error
      }

      return new Promise<WalletConnectSession>((resolve, reject) => {
        let pairingTopic: string | undefined
        const onDisplayUri = (uri: unknown) => {
          provider.removeListener('display_uri', onDisplayUri)
          release()
          if (!isPairingUri(uri)) return
          pairingTopic = pairingTopicOf(uri)
          // Abandoned before its URI was known: the pairing is dropped as soon as it is.
          if (signal.aborted) return abandon(pairingTopic)
          onUri(withPairingExpiry(uri, pairingExpiryTimestamp(Date.now())))
        }
        const onAbort = () => {
          // Without a URI yet, the listener stays to drop the pairing once it is announced.
          if (pairingTopic) abandon(pairingTopic)
          reject(pairingAbortedError())
        }
        const stopWaiting = () => {
          signal.removeEventListener('abort', onAbort)
          provider.removeListener('display_uri', onDisplayUri)
          release()
        }
        provider.on('display_uri', onDisplayUri)
        signal.addEventListener('abort', onAbort, { once: true })

        proposeSession(provider, settings.optionalNamespaces).then(
          async (raw: ProviderSession | undefined) => {
            stopWaiting()
            if (signal.aborted) return discardLate(raw)
            const session = toSession(raw)
            if (!raw || !session) {
              await discardLate(raw)
              return reject(
                new LatchError('UNKNOWN_ERROR', {
                  cause: new Error('The wallet approved a session without a valid account.'),
                }),
              )
            }
            accept(session)
            // One session at a time: an older one left in the store would be the one the
            // provider restores on the next page.
            for (const other of provider.client.session.getAll())
              if (other.topic !== session.topic) void endSession(other.topic)
            resolve(session)
          },
          (error: unknown) => {
            stopWaiting()
            if (!signal.aborted) reject(toPairingError(error))
          },
        )
      })
    },

    async restore() {
      if (closed) return null
      // The provider restored it from storage during init; sign-client dropped expired ones.
      const raw = provider.session
      // The provider clears `session` a moment after sign-client deleted it: the store decides.
      const stored = raw ? provider.client.session.keys.includes(raw.topic) : false
      const session = raw && stored ? toSession(raw) : undefined
      if (!session || session.expiry * 1000 <= Date.now()) return null
      accept(session)
      return session
    },

    providerFor(namespace) {
      let namespaceProvider = providers.get(namespace)
      if (!namespaceProvider) {
        namespaceProvider = createNamespaceProvider(namespace, {
          current,
          rpcUrl: (ns, reference) => settings.optionalNamespaces[ns]?.rpcMap[reference],
          requestedMethods: (ns) => new Set(settings.optionalNamespaces[ns]?.methods ?? []),
        })
        providers.set(namespace, namespaceProvider)
      }
      return namespaceProvider
    },

    async disconnect() {
      accepted = undefined
      const session = provider.session
      if (closed || !session) return
      const outcome = await outcomeWithin(provider.disconnect(), DISCONNECT_WAIT_MS)
      if (outcome === 'fulfilled') return
      // The relay did not confirm in time: the session ends here regardless, and the provider's
      // own cleanup (which only runs after the relay answered) is done now.
      await forgetSession(session.topic)
      if (provider.session?.topic === session.topic) await resetProvider(provider)
    },

    onSessionDeleted(listener) {
      deletedListeners.add(listener)
      return () => deletedListeners.delete(listener)
    },

    openWallet() {
      const link = walletLink(accepted?.peer)
      if (!link) return
      try {
        openUrl(link)
      } catch {
        // Opening the wallet is a convenience; the request still waits on the relay.
      }
    },

    async close() {
      if (closed) return
      closed = true
      events.stop()
      deletedListeners.clear()
      const core = provider.client.core
      try {
        await core.relayer.transportClose()
      } finally {
        core.heartbeat.stop()
        releaseGlobalCore(settings.storagePrefix)
      }
    },
  }
  return client
}

/**
 * Proposes a session asking for Latch's namespaces only. While a session is alive the provider
 * holds its namespaces and would send them as `requiredNamespaces` too (deprecated: sign-client
 * then writes a warning to the console and folds the old session's accounts into the proposal).
 * `connect()` reads them synchronously, before its first await, so they are hidden for that
 * call and put back at once for the session still in force.
 */
function proposeSession(
  provider: UniversalProvider,
  optionalNamespaces: WalletConnectConfig['optionalNamespaces'],
): Promise<ProviderSession | undefined> {
  const namespaces = provider.namespaces
  provider.namespaces = undefined
  try {
    return provider.connect({ optionalNamespaces })
  } finally {
    provider.namespaces ??= namespaces
  }
}

/**
 * Points the verify API at the configured service. sign-client 2.25 has no option for it: the
 * dapp side's `register()` always loads `${verifyUrlV3}/attestation` (the hard-coded
 * https://verify.walletconnect.org/v3) in a hidden iframe and waits up to 5 s for its answer,
 * which offline means every proposal waits 5 s and contacts a host Latch was not given. The
 * property is public on the Verify instance, only missing from its interface type; it is read
 * on each `register()`, so setting it after init covers every proposal.
 */
function pointVerifyAt(provider: UniversalProvider, verifyUrl: string): void {
  const verify = provider.client.core.verify as unknown as { verifyUrlV3?: unknown }
  if (typeof verify.verifyUrlV3 === 'string') verify.verifyUrlV3 = `${verifyUrl}/v3`
}

/**
 * The universal provider's reset after a session ends (namespaces, stored state, `session`).
 * It runs it itself only after the relay confirmed a disconnect; when the relay is down the
 * session still has to end here, so it is called directly.
 */
async function resetProvider(provider: UniversalProvider): Promise<void> {
  const cleanup = (provider as unknown as { cleanup?: () => Promise<void> }).cleanup
  if (typeof cleanup === 'function') await cleanup.call(provider).catch(() => undefined)
  else provider.session = undefined
}

/**
 * sign-client keeps each core on `globalThis` by storage prefix and hands it to the next client
 * with that prefix; a closed client lets go of it, so a new client starts a fresh core.
 */
function releaseGlobalCore(prefix: string): void {
  const globals = globalThis as Record<string, unknown>
  delete globals[`_walletConnectCore_${prefix}`]
  delete globals[`_walletConnectCore_${prefix}_count`]
}
