import {
  LatchError,
  type AdapterEvent,
  type ChainAdapter,
  type Connector,
  type Network,
  type TokenBalance,
  formatAmount,
} from '@latch/core'
import { numberToHex, type Address, type Hash, type TypedDataDefinition } from 'viem'
import { estimateGas } from 'viem/actions'
import { createConnections } from './connection/connections.js'
import { createEvmDiscovery } from './discovery/index.js'
import { toEvmLatchError } from './errors.js'
import { addEthereumChainParams, chainIdOf } from './network/chain.js'
import type { Eip1193Provider } from './provider.js'
import { getWalletAssets, supportsAssetDiscovery } from './reads/assets.js'
import { createClientCache, type RpcOptions } from './reads/clients.js'
import { readErc20, type Erc20Info } from './reads/erc20.js'
import { createNativeBalanceReader } from './reads/native-balance.js'
import { getCallsStatus, sendCalls, type EvmCall } from './writes/send-calls.js'
import { sendErc20, sendTransaction, type EvmTransaction } from './writes/send.js'
import { personalSign, signTypedData } from './writes/sign.js'
import { RECEIPT_TIMEOUT_MS, waitForTransaction } from './writes/wait-for-receipt.js'

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
  getCallsStatus(request: { connectorId: string; id: string }): ReturnType<typeof getCallsStatus>
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
  }): ReturnType<typeof waitForTransaction>
  /** Stops discovery and every listener. */
  destroy(): void
}

/**
 * Creates the EVM adapter. Nothing happens until core calls it: discovery starts with the first
 * `watchConnectors`, clients are made per network on first use.
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
  const providerFor = (connectorId: string) =>
    getDiscovery().getProvider(connectorId) as Eip1193Provider | undefined
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
  const clientFor = createClientCache(options)
  const nativeBalance = createNativeBalanceReader(clientFor)

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
        params: [{ chainId: numberToHex(chainIdOf(network)) }],
      })
    },
    async addNetwork({ connectorId, network }) {
      await requireProvider(connectorId).request({
        method: 'wallet_addEthereumChain',
        params: [addEthereumChainParams(network)],
      })
    },
    getBalance: (request) => nativeBalance(request),
    signMessage: ({ connectorId, address, message }) =>
      personalSign(requireProvider(connectorId), address as Address, message),
    signTypedData: ({ connectorId, address, typedData }) =>
      signTypedData(requireProvider(connectorId), address as Address, typedData),
    async estimateGas({ network, from, to, value, data }) {
      try {
        return await estimateGas(clientFor(network), {
          account: from as Address,
          to: to as Address,
          value,
          ...(data ? { data: data as `0x${string}` } : {}),
        })
      } catch (error) {
        throw toEvmLatchError(error)
      }
    },
    sendTransaction: ({ connectorId, from, to, value, data }) =>
      sendTransaction(requireProvider(connectorId), {
        from: from as Address,
        to: to as Address,
        value,
        ...(data ? { data: data as EvmTransaction['data'] } : {}),
      }),
    sendErc20: ({ connectorId, from, token, to, amount }) =>
      sendErc20(requireProvider(connectorId), {
        from: from as Address,
        token: token as Address,
        to: to as Address,
        amount,
      }),
    sendCalls: ({ connectorId, network, from, calls }) =>
      sendCalls(requireProvider(connectorId), {
        from: from as Address,
        chainId: chainIdOf(network),
        calls,
      }),
    getCallsStatus: ({ connectorId, id }) => getCallsStatus(requireProvider(connectorId), id),
    readErc20: ({ network, token, owner }) =>
      readErc20(clientFor(network), token as Address, owner as Address),
    async getTokenBalances({ connectorId, network, address, tokens = [] }) {
      const chainId = chainIdOf(network)
      const provider = requireProvider(connectorId)
      if (await supportsAssetDiscovery(provider, address as Address, chainId)) {
        return getWalletAssets(provider, address as Address, chainId)
      }
      const infos = await Promise.all(
        tokens.map((token) => readErc20(clientFor(network), token as Address, address as Address)),
      )
      return infos
        .filter((info) => info.decimals > 0)
        .map((info) => ({
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
    waitForTransaction: ({ network, hash, timeoutMs }) =>
      waitForTransaction(
        clientFor(network),
        hash as Hash,
        timeoutMs ?? options.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS,
      ),
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
