import { LatchError, type ChainNamespace, type RemoteProvider } from '@latch/core'
import type { ProviderSession, UniversalProvider } from './provider-types.js'
import * as z from 'zod/mini'
import {
  WalletRpcError,
  chainDisconnectedError,
  toRequestError,
  unsupportedMethodError,
} from './errors.js'
import { unknownRecordSchema } from './record.js'
import { checkResult, toHexChainId } from './results.js'
import { approvedMethods, sessionAddresses } from './session.js'

/** What a namespace's provider needs from the client that owns the universal provider. */
export interface ProviderHost {
  /** The universal provider and the session Latch accepted; throws when there is none. */
  current(): { provider: UniversalProvider; session: ProviderSession }
  /** The configured RPC URL of a chain, the only place reads may go. */
  rpcUrl(namespace: ChainNamespace, reference: string): string | undefined
  /** The methods Latch asked the wallet for in a namespace. */
  requestedMethods(namespace: ChainNamespace): ReadonlySet<string>
}

/** A {@link RemoteProvider} that the client also reports the session's events through. */
export interface NamespaceProvider extends RemoteProvider {
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', payload: unknown): void
}

// EVM methods that need the wallet (its keys or its consent). Unless the wallet approved them
// for the session, they are refused here: the provider would otherwise send them to the RPC
// endpoint, where a node with unlocked accounts (anvil) would even sign without the wallet.
const EVM_WALLET_METHOD =
  /^(?:wallet_|personal_|eth_sign|eth_sendTransaction$|eth_requestAccounts$|eth_accounts$|eth_coinbase$|eth_decrypt$|eth_getEncryptionPublicKey$)/
// Answered by the universal provider from the session, without the wallet or the network.
const EVM_LOCAL_METHODS = new Set(['eth_accounts', 'eth_requestAccounts'])
// Solana's account queries, answered from the session when the wallet did not approve them
// (many real wallets approve only the signing methods): the session already lists the accounts.
const SOLANA_ACCOUNT_METHODS = new Set(['solana_getAccounts', 'solana_requestAccounts'])

const argsSchema = z.object({
  method: z.string().check(z.minLength(1), z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), unknownRecordSchema])),
})

const switchParamsSchema = z
  .array(z.looseObject({ chainId: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,13}$/)) }))
  .check(z.minLength(1))

function invalidParams(method: string): WalletRpcError {
  return new WalletRpcError(-32602, `Invalid params for ${method}.`)
}

/**
 * The EIP-1193 face of one namespace of the WalletConnect session, over the universal provider.
 * Requests address the chain the provider is on (`namespace:reference`), so after a successful
 * `wallet_switchEthereumChain` they follow the new chain. The universal provider answers accounts
 * and approved chain switches from the session, sends the methods the wallet approved to the
 * wallet, and everything else to the chain's configured RPC URL (never to its default endpoint).
 */
export function createNamespaceProvider(
  namespace: ChainNamespace,
  host: ProviderHost,
): NamespaceProvider {
  const listeners = new Map<string, Set<(...args: never[]) => void>>()

  const chainReference = (provider: UniversalProvider): string | undefined => {
    const sub = provider.rpcProviders[namespace]
    if (!sub) return undefined
    try {
      return String(sub.getDefaultChain())
    } catch {
      return undefined
    }
  }

  function needsWallet(method: string): boolean {
    if (host.requestedMethods(namespace).has(method)) return true
    return namespace === 'eip155' && EVM_WALLET_METHOD.test(method)
  }

  async function send(method: string, params: unknown): Promise<unknown> {
    const { provider, session } = host.current()
    const reference = chainReference(provider)
    // The session has no account in this namespace: nothing to address.
    if (reference === undefined) throw new LatchError('CONNECT_BEFORE_REQUEST')
    const chainId = `${namespace}:${reference}`
    const approved = approvedMethods(session, namespace)
    const args = params === undefined ? { method } : { method, params: params as object }

    if (namespace === 'eip155') {
      if (method === 'eth_chainId') return toHexChainId(reference)
      if (method === 'wallet_switchEthereumChain') {
        if (!switchParamsSchema.safeParse(params).success) throw invalidParams(method)
        return provider.request(args, chainId)
      }
      if (method === 'wallet_getCallsStatus') {
        // The provider would first ask bundler URLs named in the session's properties (hosts
        // chosen by the wallet); the wallet itself is the only party asked here.
        if (!approved.has(method)) throw new LatchError('CALLS_STATUS_NOT_APPROVED')
        return provider.client.request({
          topic: session.topic,
          chainId,
          request: { method, params: params ?? [] },
        })
      }
      if (EVM_LOCAL_METHODS.has(method)) return provider.request(args, chainId)
    }
    if (approved.has(method)) return provider.request(args, chainId)
    if (namespace === 'solana' && SOLANA_ACCOUNT_METHODS.has(method))
      return sessionAddresses(session, chainId).map((pubkey) => ({ pubkey }))
    if (needsWallet(method)) throw unsupportedMethodError(method)
    if (!host.rpcUrl(namespace, reference)) throw chainDisconnectedError(chainId)
    return provider.request(args, chainId)
  }

  return {
    async request(input) {
      const parsed = argsSchema.safeParse(input)
      if (!parsed.success) throw new WalletRpcError(-32600, 'Invalid request.')
      const { method, params } = parsed.data
      let result: unknown
      try {
        result = await send(method, params)
      } catch (error) {
        throw toRequestError(error)
      }
      return checkResult(namespace, method, result)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return this
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return this
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (value: unknown) => void)(payload)
        } catch {
          // One listener's failure must not keep the event from the others.
        }
      }
    },
  }
}
