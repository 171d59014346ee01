import {
  LatchError,
  type AdapterEvent,
  type ChainAdapter,
  type Connector,
  type Network,
  type TokenBalance,
  formatAmount,
} from '@latch/core'
// Only types from viem here: what needs viem's code is in evm-kit.ts, loaded on first use.
import type { Address, Hash, TypedDataDefinition } from 'viem'
import { createConnections } from './connection/connections.js'
import { createEvmDiscovery } from './discovery/index.js'
import { followMethods, type FollowMethods } from './follow.js'
import { loadEvmKit, type EvmKit } from './load-evm-kit.js'
import { addEthereumChainParams, chainIdHex, chainIdOf } from './network/chain.js'
import type { Eip1193Provider } from './provider.js'
import type { ClientFor, RpcOptions } from './reads/clients.js'
import type { Erc20Info } from './reads/erc20.js'
import { RECEIPT_TIMEOUT_MS } from './timings.js'
import type { CallsStatus, EvmCall } from './writes/send-calls.js'
import type { EvmTransaction } from './writes/send.js'
import type { TransactionOutcome } from './writes/wait-for-receipt.js'

type NativeBalance = ReturnType<EvmKit['createNativeBalanceReader']>

export interface EvmAdapterOptions extends RpcOptions {
  /** Wallets hidden by id, rdns or name (SPEC §5). */
  excludeWalletIds?: readonly string[]
  /** The window to discover wallets in; default `globalThis.window`, read when discovery starts. */
  window?: Window
  /** SPEC §9: 25 000 ms in the page integration. */
  receiptTimeoutMs?: number
}

/** The EVM adapter: core's contract plus what only EVM chains have. */
export interface EvmAdapter extends ChainAdapter {
  readonly namespace: 'eip155'
  /** The wallet behind a connector, for EVM-only calls a host makes itself. */
  getProvider(connectorId: string): Eip1193Provider | undefined
  signTypedData(request: {
    connectorId: string
    address: string
    typedData: TypedDataDefinition
  }): Promise<string>
  sendErc20(request: {
    connectorId: string
    from: string
    token: string
    to: string
    amount: bigint
  }): Promise<Hash>
  sendCalls(request: {
    connectorId: string
    network: Network
    from: string
    calls: readonly EvmCall[]
  }): Promise<string>
  getCallsStatus(request: { connectorId: string; id: string }): Promise<CallsStatus>
  /** An ERC-20's metadata and balance, with the bytes32 symbol fallback. */
  readErc20(request: { network: Network; token: string; owner: string }): Promise<Erc20Info>
  /** Tokens via wallet_getAssets when the wallet advertises it, else the given token list. */
  getTokenBalances(request: {
    connectorId: string
    network: Network
    address: string
    tokens?: readonly string[]
  }): Promise<TokenBalance[]>
  waitForTransaction(request: {
    network: Network
    hash: string
    timeoutMs?: number
  }): Promise<TransactionOutcome>
  /** Always there on EVM: core's optional fee estimate and transaction following. */
  estimateFee: FollowMethods['estimateFee']
  followTransaction: FollowMethods['followTransaction']
  /** Stops discovery and every listener. */
  destroy(): void
}

/**
 * Creates the EVM adapter. Nothing happens until core calls it: discovery starts with the first
 * `watchConnectors`, clients are made per network on first use. viem is loaded on first use too
 * (a connection, a balance, a write): discovery and the wallet's own requests need none of it.
 */
export function evmAdapter(options: EvmAdapterOptions = {}): EvmAdapter {
  const listeners = new Set<(event: AdapterEvent) => void>()
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))
  let discovery: ReturnType<typeof createEvmDiscovery> | undefined
  const getDiscovery = () =>
    (discovery ??= createEvmDiscovery({
      excludeWalletIds: [...(options.excludeWalletIds ?? [])],
      ...(options.window ? { window: options.window } : {}),
    }))
  // Wallets core lends us (a WalletConnect session), reached like discovered ones.
  const remote = new Map<string, Eip1193Provider>()
  const providerFor = (connectorId: string) =>
    remote.get(connectorId) ??
    (getDiscovery().getProvider(connectorId) as Eip1193Provider | undefined)
  const requireProvider = (connectorId: string) => {
    const provider = providerFor(connectorId)
    if (!provider) throw new LatchError('PROVIDER_NOT_FOUND')
    return provider
  }
  const connections = createConnections({
    providerFor,
    onProvidersChanged: (listener) => getDiscovery().subscribe(listener),
    emit,
  })
  // The RPC side (clients per network, the balance cache) is made once, with the kit.
  let rpc: Promise<{ kit: EvmKit; clientFor: ClientFor; nativeBalance: NativeBalance }> | undefined
  const getRpc = () =>
    (rpc ??= loadEvmKit().then(
      (kit) => {
        const clientFor = kit.createClientCache(options)
        return { kit, clientFor, nativeBalance: kit.createNativeBalanceReader(clientFor) }
      },
      (error: unknown) => {
        rpc = undefined
        throw error
      },
    ))
  /** Runs `use` with the kit, after the wallet was found: a missing one still throws at once. */
  const withKit = <T>(use: (kit: EvmKit) => Promise<T>) => loadEvmKit().then(use)

  return {
    namespace: 'eip155',
    getProvider: providerFor,
    watchConnectors(onConnectors) {
      const d = getDiscovery()
      const publish = () => onConnectors(d.getConnectors() as readonly Connector[])
      publish()
      return d.subscribe(publish)
    },
    connect: ({ connectorId }) => connections.connect(connectorId),
    reconnect: ({ connectorId, signal }) => connections.reconnect(connectorId, signal),
    disconnect: ({ connectorId }) => connections.disconnect(connectorId),
    getAccounts: ({ connectorId }) => connections.getAccounts(connectorId),
    async switchNetwork({ connectorId, network }) {
      // Errors keep the wallet's code: core adds the chain and retries on 4902, -32603 or 5000.
      await requireProvider(connectorId).request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: chainIdHex(network) }],
      })
    },
    async addNetwork({ connectorId, network }) {
      await requireProvider(connectorId).request({
        method: 'wallet_addEthereumChain',
        params: [addEthereumChainParams(network)],
      })
    },
    getBalance: async (request) => (await getRpc()).nativeBalance(request),
    signMessage: ({ connectorId, address, message }) => {
      const provider = requireProvider(connectorId)
      return withKit((kit) => kit.personalSign(provider, address as Address, message))
    },
    signTypedData: ({ connectorId, address, typedData }) => {
      const provider = requireProvider(connectorId)
      return withKit((kit) => kit.signTypedData(provider, address as Address, typedData))
    },
    async estimateGas({ network, from, to, value, data }) {
      const { kit, clientFor } = await getRpc()
      try {
        return await kit.estimateGas(clientFor(network), {
          account: from as Address,
          to: to as Address,
          value,
          ...(data ? { data: data as `0x${string}` } : {}),
        })
      } catch (error) {
        throw kit.toEvmLatchError(error)
      }
    },
    sendTransaction: ({ connectorId, from, to, value, data }) => {
      const provider = requireProvider(connectorId)
      return withKit((kit) =>
        kit.sendTransaction(provider, {
          from: from as Address,
          to: to as Address,
          value,
          ...(data ? { data: data as EvmTransaction['data'] } : {}),
        }),
      )
    },
    sendErc20: ({ connectorId, from, token, to, amount }) => {
      const provider = requireProvider(connectorId)
      return withKit((kit) =>
        kit.sendErc20(provider, {
          from: from as Address,
          token: token as Address,
          to: to as Address,
          amount,
        }),
      )
    },
    sendCalls: ({ connectorId, network, from, calls }) => {
      const provider = requireProvider(connectorId)
      const chainId = chainIdOf(network)
      return withKit((kit) => kit.sendCalls(provider, { from: from as Address, chainId, calls }))
    },
    getCallsStatus: ({ connectorId, id }) => {
      const provider = requireProvider(connectorId)
      return withKit((kit) => kit.getCallsStatus(provider, id))
    },
    readErc20: async ({ network, token, owner }) => {
      const { kit, clientFor } = await getRpc()
      return kit.readErc20(clientFor(network), token as Address, owner as Address)
    },
    async getTokenBalances({ connectorId, network, address, tokens = [] }) {
      const chainId = chainIdOf(network)
      const provider = requireProvider(connectorId)
      const { kit, clientFor } = await getRpc()
      if (await kit.supportsAssetDiscovery(provider, address as Address, chainId)) {
        return kit.getWalletAssets(provider, address as Address, chainId)
      }
      const infos = await Promise.all(
        tokens.map((token) =>
          kit.readErc20(clientFor(network), token as Address, address as Address),
        ),
      )
      // Every token, zero-decimal ones included: core applies SPEC §4's display filter.
      return infos.map((info) => ({
        name: info.name,
        symbol: info.symbol,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${info.address}` as const,
        quantity: {
          decimals: String(info.decimals),
          numeric: formatAmount(info.balance, info.decimals),
        },
      }))
    },
    waitForTransaction: async ({ network, hash, timeoutMs }) => {
      const { kit, clientFor } = await getRpc()
      return kit.waitForTransaction(
        clientFor(network),
        hash as Hash,
        timeoutMs ?? options.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS,
      )
    },
    ...followMethods(async (network) => (await getRpc()).clientFor(network)),
    setRemoteProvider(connectorId, provider) {
      if (provider) {
        remote.set(connectorId, provider)
        return
      }
      // The session ended: stop listening to it, and forget it without prompting anyone.
      connections.forget(connectorId)
      remote.delete(connectorId)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      connections.destroy()
      discovery?.destroy()
      listeners.clear()
    },
  }
}
