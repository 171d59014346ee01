import { signBytes } from '@solana/kit'
import {
  SOLANA_CHAINS,
  SOLANA_LOCALNET_CHAIN,
  type SolanaChain,
} from '@solana/wallet-standard-chains'
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { createApprovals } from './approvals.js'
import { invalidParams, unauthorized, unsupportedChain } from './errors.js'
import { SOLANA_DEV_WALLET_ICON, SOLANA_DEV_WALLET_NAME } from './icon.js'
import { walletKey, type WalletKey } from './keys.js'
import { readSession, writeSession } from './session.js'
import { signInMessage } from './sign-in.js'
import { encodeTransaction, sendSignedTransaction, signTransactionBytes } from './transactions.js'
import type { SolanaDevWallet, SolanaDevWalletConfig } from './types.js'

/** Every chain the wallet names; only `solana:localnet` has an RPC behind it. */
export const SOLANA_DEV_WALLET_CHAINS: readonly SolanaChain[] = [
  SOLANA_LOCALNET_CHAIN,
  ...SOLANA_CHAINS.filter((chain) => chain !== SOLANA_LOCALNET_CHAIN),
]

const ACCOUNT_FEATURES = [
  SolanaSignAndSendTransaction,
  SolanaSignTransaction,
  SolanaSignMessage,
  SolanaSignIn,
] as const

export type SolanaDevWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * A Wallet-Standard Solana wallet over fixed keypairs. An app sees one account, the selected one,
 * once it connected; every signature asks the approval policy first, so a rejected request signs
 * and sends nothing.
 */
export function createSolanaDevWallet(config: SolanaDevWalletConfig): SolanaDevWallet {
  if (config.accounts.length === 0) throw invalidParams('accounts must not be empty')
  const keys: readonly WalletKey[] = config.accounts.map(walletKey)
  const approvals = createApprovals(config.approval)
  const stored = readSession(config.storage)
  let selected = keys.find((key) => key.address === stored.selected) ?? keys[0]!
  let authorized = stored.authorized
  // Authorized is remembered across reloads; connected is this page's: a new page sees no
  // accounts until it calls connect (silently or not), as with a real wallet.
  let connected = false
  const listeners = new Set<StandardEventsListeners['change']>()

  const accountOf = (key: WalletKey): WalletAccount =>
    new ReadonlyWalletAccount({
      address: key.address,
      publicKey: key.publicKey,
      chains: SOLANA_DEV_WALLET_CHAINS,
      features: ACCOUNT_FEATURES,
      label: `Dev account ${keys.indexOf(key)}`,
    })
  let selectedAccount = accountOf(selected)
  const accounts = (): readonly WalletAccount[] => (connected ? [selectedAccount] : [])

  const emitChange = () => {
    const properties = { accounts: accounts() }
    for (const listener of [...listeners]) listener(properties)
  }
  const persist = () => writeSession(config.storage, { authorized, selected: selected.address })
  const setConnected = (next: boolean) => {
    const changed = connected !== next
    connected = next
    if (changed) emitChange()
  }

  /** The key behind an account the app passes back; only the connected account may sign. */
  const signerFor = (account: WalletAccount): WalletKey => {
    if (!connected || account.address !== selected.address) throw unauthorized()
    return selected
  }

  const connect: StandardConnectFeature[typeof StandardConnect]['connect'] = async (input) => {
    if (!authorized) {
      // A silent connect never prompts: unauthorized, it just finds no accounts.
      if (input?.silent) return { accounts: [] }
      await approvals.ask(StandardConnect, `Connect ${short(selected.address)}`)
      authorized = true
      persist()
    }
    setConnected(true)
    return { accounts: accounts() }
  }

  const disconnect = async () => {
    authorized = false
    persist()
    setConnected(false)
  }

  const on: StandardEventsFeature[typeof StandardEvents]['on'] = (event, listener) => {
    if (event !== 'change') return () => {}
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  const signMessage: SolanaSignMessageFeature[typeof SolanaSignMessage]['signMessage'] = async (
    ...inputs
  ) => {
    const signers = inputs.map((input) => signerFor(input.account))
    await approvals.ask(SolanaSignMessage, `Sign ${inputs.length} message(s)`)
    return Promise.all(
      inputs.map(async (input, index) => {
        const { privateKey } = await signers[index]!.keyPair()
        const signature = await signBytes(privateKey, input.message)
        return { signedMessage: input.message, signature, signatureType: 'ed25519' as const }
      }),
    )
  }

  const signTransaction: SolanaSignTransactionFeature[typeof SolanaSignTransaction]['signTransaction'] =
    async (...inputs) => {
      const signers = inputs.map((input) => signerFor(input.account))
      await approvals.ask(SolanaSignTransaction, `Sign ${inputs.length} transaction(s)`)
      return Promise.all(
        inputs.map(async (input, index) => {
          const signed = await signTransactionBytes(signers[index]!, input.transaction)
          return { signedTransaction: encodeTransaction(signed) }
        }),
      )
    }

  const signAndSendTransaction: SolanaSignAndSendTransactionFeature[typeof SolanaSignAndSendTransaction]['signAndSendTransaction'] =
    async (...inputs) => {
      const signers = inputs.map((input) => signerFor(input.account))
      for (const input of inputs) {
        if (input.chain !== SOLANA_LOCALNET_CHAIN) throw unsupportedChain(input.chain)
      }
      await approvals.ask(
        SolanaSignAndSendTransaction,
        `Sign and send ${inputs.length} transaction(s)`,
      )
      const outputs = []
      // One after another, in the order given: a later transaction may depend on an earlier one.
      for (const [index, input] of inputs.entries()) {
        const signed = await signTransactionBytes(signers[index]!, input.transaction)
        const signature = await sendSignedTransaction(config.rpcUrl, signed, input.options)
        outputs.push({ signature })
      }
      return outputs
    }

  const signIn: SolanaSignInFeature[typeof SolanaSignIn]['signIn'] = async (...inputs) => {
    const wanted = inputs.map((input) => {
      if (input.address === undefined) return selected
      const key = keys.find((candidate) => candidate.address === input.address)
      if (!key) throw invalidParams(`this wallet holds no key for ${input.address}`)
      return key
    })
    const messages = inputs.map((input, index) => signInMessage(input, wanted[index]!.address))
    const domain = inputs[0]?.domain ?? 'this site'
    await approvals.ask(SolanaSignIn, `Sign in to ${domain} as ${short(wanted[0]!.address)}`)
    const outputs = await Promise.all(
      messages.map(async (signedMessage, index) => {
        const key = wanted[index]!
        const signature = await signBytes((await key.keyPair()).privateKey, signedMessage)
        return { key, signedMessage, signature }
      }),
    )
    // Signing in is connecting, with the account that signed (SIWS): the app needs no connect.
    const last = outputs.at(-1)
    const switched = last ? selectKey(last.key) : false
    authorized = true
    persist()
    if (connected && switched) emitChange()
    else setConnected(true)
    return outputs.map(({ key, signedMessage, signature }) => ({
      account: key === selected ? selectedAccount : accountOf(key),
      signedMessage,
      signature,
      signatureType: 'ed25519' as const,
    }))
  }

  function selectKey(key: WalletKey): boolean {
    if (key === selected) return false
    selected = key
    selectedAccount = accountOf(key)
    persist()
    return true
  }

  const features: SolanaDevWalletFeatures = {
    [StandardConnect]: { version: '1.0.0', connect },
    [StandardDisconnect]: { version: '1.0.0', disconnect },
    [StandardEvents]: { version: '1.0.0', on },
    [SolanaSignMessage]: { version: '1.1.0', signMessage },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction,
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction,
    },
    [SolanaSignIn]: { version: '1.0.0', signIn },
  }

  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: SOLANA_DEV_WALLET_NAME,
    icon: SOLANA_DEV_WALLET_ICON,
    chains: SOLANA_DEV_WALLET_CHAINS,
    features,
    get accounts() {
      return accounts()
    },
  })

  return {
    wallet,
    control: {
      approval: approvals.mode,
      setApproval: approvals.setMode,
      requests: approvals.requests,
      pending: approvals.pending,
      approve: approvals.approve,
      reject: approvals.reject,
      subscribe: approvals.subscribe,
      selectedAddress: () => selected.address,
      selectAccount(account) {
        const key =
          typeof account === 'number' ? keys[account] : keys.find((k) => k.address === account)
        if (!key) throw invalidParams(`no such account: ${String(account)}`)
        if (selectKey(key) && connected) emitChange()
      },
      isAuthorized: () => authorized,
      revoke: () => void disconnect(),
    },
  }
}
