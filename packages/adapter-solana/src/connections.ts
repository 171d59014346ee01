import {
  ASYNC_INJECTION_WAIT_MS,
  LatchError,
  isSolanaAddress,
  type AdapterAccount,
  type AdapterEvent,
  type ConnectResult,
  type Network,
} from '@latch/core'
import { chainReferenceOf, SOLANA_MAINNET_REFERENCE } from './networks.js'
import { CONNECT, DISCONNECT, EVENTS, type SolanaWallet, type WalletAccount } from './wallet.js'

export interface ConnectionsDeps {
  walletFor(connectorId: string): SolanaWallet | undefined
  /** Calls back whenever discovery's list changes. */
  onWalletsChanged(listener: () => void): () => void
  emit(event: AdapterEvent): void
}

/** Wallet answers are untrusted: keep accounts whose address passes SPEC §5's Solana rule. */
export function toAccounts(accounts: readonly WalletAccount[]): AdapterAccount[] {
  return accounts
    .filter((account) => isSolanaAddress(account.address))
    .map((account) => ({ address: account.address, type: 'eoa' as const }))
}

/**
 * The Wallet Standard side of connecting: prompts, silent reconnects, disconnects, and the
 * wallet's `change` events turned into core's adapter events (core decides what they mean: zero
 * accounts is a disconnection, SPEC §4).
 *
 * Wallet Standard has no "current chain" and no switch request, so the chain of a connection is
 * the one the adapter records: the network asked for at connect or switch, else the first Solana
 * chain the wallet's first account lists, else mainnet.
 */
export function createConnections(deps: ConnectionsDeps) {
  const watching = new Map<string, () => void>()
  const chains = new Map<string, string>()

  function watch(connectorId: string, wallet: SolanaWallet) {
    watching.get(connectorId)?.()
    const off = wallet.features[EVENTS].on('change', (properties) => {
      // Only an `accounts` property means the accounts changed; chains or features alone don't.
      if (properties.accounts === undefined) return
      deps.emit({ type: 'accountsChanged', connectorId, accounts: toAccounts(properties.accounts) })
    })
    watching.set(connectorId, () => {
      off()
      watching.delete(connectorId)
    })
  }

  function connected(
    connectorId: string,
    wallet: SolanaWallet,
    accounts: readonly WalletAccount[],
    network?: Network,
  ): ConnectResult {
    const chainReference =
      network?.caipNetworkId.slice('solana:'.length) ??
      chains.get(connectorId) ??
      defaultReference(accounts)
    chains.set(connectorId, chainReference)
    watch(connectorId, wallet)
    return { connectorId, accounts: toAccounts(accounts), chainReference }
  }

  function waitForWallet(connectorId: string, signal?: AbortSignal) {
    const now = deps.walletFor(connectorId)
    if (now) return Promise.resolve(now)
    // A wallet extension may register after the page's scripts ran: give it SPEC §9's wait.
    return new Promise<SolanaWallet | undefined>((resolve) => {
      const done = (wallet: SolanaWallet | undefined) => {
        clearTimeout(timer)
        stop()
        signal?.removeEventListener('abort', onAbort)
        resolve(wallet)
      }
      const onAbort = () => done(undefined)
      const timer = setTimeout(() => done(undefined), ASYNC_INJECTION_WAIT_MS)
      const stop = deps.onWalletsChanged(() => {
        const wallet = deps.walletFor(connectorId)
        if (wallet) done(wallet)
      })
      signal?.addEventListener('abort', onAbort)
    })
  }

  const requireWallet = (connectorId: string) => {
    const wallet = deps.walletFor(connectorId)
    if (!wallet) throw new LatchError('PROVIDER_NOT_FOUND')
    return wallet
  }

  return {
    requireWallet,

    /** The chain recorded for a connection (see above). */
    chainOf: (connectorId: string) => chains.get(connectorId),

    /** Wallet Standard has no switch request: the adapter records the chain and reports it. */
    switchTo(connectorId: string, network: Network) {
      requireWallet(connectorId)
      const chainReference = network.caipNetworkId.slice('solana:'.length)
      chains.set(connectorId, chainReference)
      deps.emit({ type: 'chainChanged', connectorId, chainReference })
    },

    async connect(connectorId: string, network?: Network): Promise<ConnectResult> {
      const wallet = requireWallet(connectorId)
      // The wallet's own error (4001 on a rejection) goes to core untouched.
      const { accounts } = await wallet.features[CONNECT].connect()
      return connected(connectorId, wallet, accounts, network)
    },

    /** Silent: `{ silent: true }`. `null` when the wallet is gone or no longer authorizes us. */
    async reconnect(
      connectorId: string,
      signal?: AbortSignal,
      network?: Network,
    ): Promise<ConnectResult | null> {
      const wallet = await waitForWallet(connectorId, signal)
      if (!wallet) return null
      const { accounts } = await wallet.features[CONNECT].connect({ silent: true })
      if (toAccounts(accounts).length === 0) return null
      return connected(connectorId, wallet, accounts, network)
    },

    async disconnect(connectorId: string): Promise<void> {
      watching.get(connectorId)?.()
      chains.delete(connectorId)
      const disconnect = deps.walletFor(connectorId)?.features[DISCONNECT]
      // Resolves even if the wallet is gone or fails: the site is disconnected either way.
      await disconnect?.disconnect().catch(() => undefined)
    },

    /** Stops listening to a connector's wallet without asking it anything. */
    forget(connectorId: string) {
      watching.get(connectorId)?.()
      chains.delete(connectorId)
    },

    getAccounts(connectorId: string): AdapterAccount[] {
      return toAccounts(requireWallet(connectorId).accounts)
    },

    /** The wallet's account object for `address`, which every signing feature takes. */
    accountOf(
      connectorId: string,
      address: string,
    ): { wallet: SolanaWallet; account: WalletAccount } {
      const wallet = requireWallet(connectorId)
      const account = wallet.accounts.find((candidate) => candidate.address === address)
      if (!account) {
        throw new LatchError('ACCOUNT_NOT_FOUND_FOR_CONNECTOR', {
          values: { address, connectorId },
        })
      }
      return { wallet, account }
    },

    destroy() {
      for (const stop of [...watching.values()]) stop()
      chains.clear()
    },
  }
}

function defaultReference(accounts: readonly WalletAccount[]): string {
  for (const chain of accounts[0]?.chains ?? []) {
    const reference = chainReferenceOf(chain)
    if (reference !== undefined) return reference
  }
  return SOLANA_MAINNET_REFERENCE
}
