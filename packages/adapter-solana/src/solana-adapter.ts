import {
  LatchError,
  type AdapterEvent,
  type ChainAdapter,
  type Network,
  type RemoteProvider,
  type SIWXMessageData,
  type TokenBalance,
  type TransactionRequest,
} from '@latch/core'
import { solanaSignInChainId } from '@latch/core/api'
import type { SolanaSignInInput } from '@solana/wallet-standard-features'
import { createConnections } from './connections.js'
import { createSolanaDiscovery, type SolanaDiscovery } from './discovery.js'
import { loadSolanaKit } from './load-solana-kit.js'
import { walletStandardChain } from './networks.js'
import type { KnownTokens } from './reads/balances.js'
import type { ClientFor } from './reads/rpc.js'
import { createLentProviders } from './remote/lent.js'
import {
  assertSolanaAddress,
  assertSolanaNetwork,
  isPreflightCommitment,
  rpcCommitment,
  type PreflightCommitment,
} from './validation.js'
import {
  SIGN_AND_SEND_TRANSACTION,
  SIGN_IN,
  SIGN_MESSAGE,
  SIGN_TRANSACTION,
  type SolanaWallet,
  type WalletAccount,
} from './wallet.js'

/** How long a send waits for its confirmation before giving up (the transaction may still land). */
export const CONFIRMATION_TIMEOUT_MS = 60_000

export interface SolanaAdapterOptions {
  /** Wallets hidden by id or name (SPEC §5). */
  excludeWalletIds?: readonly string[]
  /** SPEC §5's preflight commitment for sends; default `confirmed`. */
  preflightCommitment?: PreflightCommitment
  /** Priority fee for sends, in micro-lamports per compute unit; default none. */
  computeUnitPrice?: bigint
  /** Names and symbols for SPL mints, by mint address (mints carry none on-chain). */
  knownTokens?: KnownTokens
  confirmationTimeoutMs?: number
}

/** The Solana adapter: core's contract plus what only Solana has. */
export interface SolanaAdapter extends ChainAdapter {
  readonly namespace: 'solana'
  /** The fee of {@link ChainAdapter.sendTransaction}'s transfer, in lamports (getFeeForMessage). */
  estimateFee(request: TransactionRequest): Promise<bigint>
  /** SPL Token and Token-2022 holdings, read from the chain (the connector is not asked). */
  getTokenBalances(request: {
    connectorId: string
    address: string
    network: Network
    signal?: AbortSignal
  }): Promise<readonly TokenBalance[]>
  /** Stops discovery and every listener. */
  destroy(): void
}

/**
 * Creates the Solana adapter. Nothing happens until core calls it: discovery starts with the
 * first `watchConnectors`, and @solana/kit is loaded on first use (a balance, a signature, a
 * send), the way adapter-evm loads viem.
 *
 * Wallet Standard has no "switch network" request: `switchNetwork` records the chain the
 * connection uses (sends and balances follow it) and reports it as `chainChanged`.
 * A WalletConnect session core lends through `setRemoteProvider` is used like any wallet: the
 * `solana_*` methods of its `solana` namespace (see remote/connections.ts).
 * Wallet errors (4001 on a rejection) are thrown as the wallet threw them; core maps them.
 * @throws LatchError `INVALID_OPTIONS` for a preflight commitment outside SPEC §5's list.
 */
export function solanaAdapter(options: SolanaAdapterOptions = {}): SolanaAdapter {
  const preflight = options.preflightCommitment ?? 'confirmed'
  if (!isPreflightCommitment(preflight)) {
    throw new LatchError('INVALID_OPTIONS', { values: { issues: 'preflightCommitment' } })
  }
  const commitment = rpcCommitment(preflight)
  const listeners = new Set<(event: AdapterEvent) => void>()
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))
  let discovery: SolanaDiscovery | undefined
  const getDiscovery = () => (discovery ??= createSolanaDiscovery(options.excludeWalletIds ?? []))
  const connections = createConnections({
    walletFor: (connectorId) => getDiscovery().getWallet(connectorId),
    onWalletsChanged: (listener) => getDiscovery().subscribe(listener),
    emit,
  })
  // Wallets core lends us (a WalletConnect session), reached before discovered ones.
  const lent = createLentProviders(emit)
  let clientFor: ClientFor | undefined
  const rpc = async () => {
    const kit = await loadSolanaKit()
    return { kit, clientFor: (clientFor ??= kit.createClientCache()) }
  }

  /** The transfer `request` describes, checked before any wallet is asked. */
  async function prepare(request: TransactionRequest) {
    assertSolanaNetwork(request.network)
    assertSolanaAddress(request.from)
    assertSolanaAddress(request.to)
    if (request.value < 0n) {
      throw new LatchError('INVALID_AMOUNT', { values: { value: String(request.value) } })
    }
    const signer: Signer = lent.has(request.connectorId)
      ? { provider: (await lent.connections()).providerFor(request.connectorId, request.from) }
      : connections.accountOf(request.connectorId, request.from)
    const { kit, clientFor } = await rpc()
    // Base58 of the right length can still decode to something other than 32 bytes.
    if (!kit.isAddress(request.to)) throw new LatchError('INVALID_CAIP_ADDRESS')
    const clients = clientFor(request.network)
    const built = await kit.buildTransfer(clients.rpc, {
      from: request.from,
      to: request.to,
      lamports: request.value,
      computeUnitPrice: options.computeUnitPrice,
      // A session says nothing of the versions its wallet takes: legacy, which every one does.
      version: 'wallet' in signer && supportsVersion0(signer.wallet) ? 0 : 'legacy',
      commitment,
    })
    return { signer, kit, clients, built }
  }

  return {
    namespace: 'solana',
    watchConnectors(onConnectors) {
      const d = getDiscovery()
      const publish = () => onConnectors(d.getConnectors())
      publish()
      return d.subscribe(publish)
    },
    connect: ({ connectorId, network, preferredNetwork }) => {
      if (network) assertSolanaNetwork(network)
      // A Wallet Standard wallet has no current chain: the one asked for, else Latch's active one.
      const chain = network ?? solanaOnly(preferredNetwork)
      if (lent.has(connectorId))
        return lent.connections().then((remote) => remote.connect(connectorId, chain))
      return connections.connect(connectorId, chain)
    },
    reconnect: async ({ connectorId, signal, preferredNetwork }) =>
      lent.has(connectorId)
        ? (await lent.connections()).reconnect(connectorId)
        : connections.reconnect(connectorId, signal, solanaOnly(preferredNetwork)),
    disconnect: async ({ connectorId }) =>
      lent.has(connectorId)
        ? (await lent.connections()).disconnect(connectorId)
        : connections.disconnect(connectorId),
    getAccounts: async ({ connectorId }) =>
      lent.has(connectorId)
        ? (await lent.connections()).getAccounts(connectorId)
        : connections.getAccounts(connectorId),
    async switchNetwork({ connectorId, network }) {
      assertSolanaNetwork(network)
      if (lent.has(connectorId)) (await lent.connections()).switchTo(connectorId, network)
      else connections.switchTo(connectorId, network)
    },
    async getBalance({ address, network, signal }) {
      assertSolanaNetwork(network)
      assertSolanaAddress(address)
      const { kit, clientFor } = await rpc()
      return kit.readSolBalance(clientFor(network).rpc, address, network, signal)
    },
    async getTokenBalances({ address, network, signal }) {
      assertSolanaNetwork(network)
      assertSolanaAddress(address)
      const { kit, clientFor } = await rpc()
      const known = options.knownTokens ?? {}
      return kit.readTokenBalances(clientFor(network).rpc, address, network, known, signal)
    },
    async signMessage({ connectorId, address, message }) {
      assertSolanaAddress(address)
      if (lent.has(connectorId)) {
        const provider = (await lent.connections()).providerFor(connectorId, address)
        return (await loadSolanaKit()).remoteSignMessage(provider, address, message)
      }
      const { wallet, account } = connections.accountOf(connectorId, address)
      const feature = wallet.features[SIGN_MESSAGE]
      if (!feature) throw new LatchError('RPC_METHOD_NOT_ALLOWED')
      const kit = loadSolanaKit()
      kit.catch(() => undefined) // Reported by the await below, after the wallet answered.
      const [output] = await feature.signMessage({
        account,
        message: new TextEncoder().encode(message),
      })
      if (!output) throw new LatchError('INVALID_SIGNATURE')
      return (await kit).encodeSignature(output.signature)
    },
    async signIn({ connectorId, address, data }) {
      assertSolanaAddress(address)
      // A WalletConnect session has no sign-in of its own: core signs the server's text.
      if (lent.has(connectorId)) return undefined
      const { wallet, account } = connections.accountOf(connectorId, address)
      const feature = wallet.features[SIGN_IN]
      if (!feature) return undefined
      const kit = loadSolanaKit()
      kit.catch(() => undefined) // Reported by the await below, after the wallet answered.
      const [output] = await feature.signIn(signInInput(address, data))
      if (!output) throw new LatchError('INVALID_SIGNATURE')
      // Signed as another account of the wallet: not the account signing in.
      if (output.account.address !== account.address) throw new LatchError('INVALID_SIGNATURE')
      return {
        message: new TextDecoder().decode(output.signedMessage),
        signature: (await kit).encodeSignature(output.signature),
      }
    },
    // SPEC §5: namespaces without gas estimate 0. The fee is `estimateFee`.
    estimateGas: async () => 0n,
    async estimateFee(request) {
      const { kit, clients, built } = await prepare(request)
      const fee = await kit.feeForMessage(clients.rpc, built.messageBytes, commitment)
      if (fee === null) throw new LatchError('UNKNOWN_ERROR')
      return fee
    },
    async sendTransaction(request) {
      const { signer, kit, clients, built } = await prepare(request)
      const timeout = options.confirmationTimeoutMs ?? CONFIRMATION_TIMEOUT_MS
      const sendOptions = { preflightCommitment: commitment, skipPreflight: false }
      if ('provider' in signer) {
        return kit.remoteSendTransfer(signer.provider, clients, built, {
          from: request.from,
          options: { ...sendOptions, commitment },
          timeoutMs: timeout,
        })
      }
      const { wallet, account } = signer
      const chain = walletStandardChain(request.network)
      const signAndSend = wallet.features[SIGN_AND_SEND_TRANSACTION]
      if (signAndSend) {
        const [output] = await signAndSend.signAndSendTransaction({
          account,
          chain,
          transaction: built.wireTransaction,
          options: { ...sendOptions, commitment },
        })
        if (!output) throw new LatchError('INVALID_TRANSACTION_HASH')
        return kit.confirmSignature(clients, output.signature, {
          commitment,
          signal: AbortSignal.timeout(timeout),
        })
      }
      const sign = wallet.features[SIGN_TRANSACTION]
      if (!sign) throw new LatchError('RPC_METHOD_NOT_ALLOWED')
      const [output] = await sign.signTransaction({
        account,
        chain,
        transaction: built.wireTransaction,
      })
      if (!output) throw new LatchError('INVALID_TRANSACTION_HASH')
      return kit.sendSigned(clients, output.signedTransaction, built, {
        ...sendOptions,
        commitment,
        signal: AbortSignal.timeout(timeout),
      })
    },
    setRemoteProvider: (connectorId, provider) => lent.set(connectorId, provider),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      lent.destroy()
      connections.destroy()
      discovery?.destroy()
      discovery = undefined
      listeners.clear()
    },
  }
}

/** Who signs a transfer: a Wallet Standard wallet's account, or a lent WalletConnect session. */
type Signer = { wallet: SolanaWallet; account: WalletAccount } | { provider: RemoteProvider }

/** Whether the wallet's transaction feature takes version-0 transactions (else legacy is sent). */
function supportsVersion0(wallet: SolanaWallet): boolean {
  const feature = wallet.features[SIGN_AND_SEND_TRANSACTION] ?? wallet.features[SIGN_TRANSACTION]
  return feature?.supportedTransactionVersions.includes(0) ?? false
}

/** Latch's active network, when it is a Solana one (core sends the namespace's own). */
function solanaOnly(network: Network | undefined): Network | undefined {
  return network?.chainNamespace === 'solana' ? network : undefined
}

/**
 * SIWS's input from SPEC §3's message data, field for field as the Latch server writes its text
 * (its `Chain ID` by core's one rule), so the wallet's text is the server's.
 */
function signInInput(address: string, data: SIWXMessageData): SolanaSignInInput {
  const { statement, issuedAt, expirationTime, notBefore, requestId, resources } = data
  return {
    domain: data.domain,
    address,
    uri: data.uri,
    version: data.version,
    chainId: solanaSignInChainId(data.chainId),
    nonce: data.nonce,
    ...(statement !== undefined ? { statement } : {}),
    ...(issuedAt !== undefined ? { issuedAt } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
}
