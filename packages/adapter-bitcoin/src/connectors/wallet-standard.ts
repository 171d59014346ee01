import { LatchError, type Network } from '@latch/core'
import type { IdentifierString } from '@wallet-standard/base'
import { fromBase64, toBase64, toHex } from '../encoding.js'
import { chainInfo, referenceOf, referenceOfChain } from '../chains.js'
import { toAddresses } from './addresses.js'
import {
  BITCOIN_CONNECT,
  BITCOIN_SIGN_MESSAGE,
  BITCOIN_SIGN_TRANSACTION,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type BitcoinStandardWallet,
  type InputToSign,
  type SigHashFlag,
  type WalletAccount,
} from './standard-features.js'
import type { BitcoinConnector, BitcoinWalletFace, SignInput, WalletConnection } from './types.js'

const PURPOSES = ['payment', 'ordinals'] as const

/** Sighash bytes → the Wallet Standard's flag names. 0 (Taproot's DEFAULT) is sent as none. */
const SIGHASH_FLAGS: Readonly<Record<number, SigHashFlag>> = {
  0x01: 'ALL',
  0x02: 'NONE',
  0x03: 'SINGLE',
  0x81: 'ALL|ANYONECANPAY',
  0x82: 'NONE|ANYONECANPAY',
  0x83: 'SINGLE|ANYONECANPAY',
}

const addressesOf = (accounts: readonly WalletAccount[]) =>
  toAddresses(
    accounts.map((account) => ({
      address: account.address,
      publicKey: toHex(account.publicKey),
      purpose: (account as { purpose?: unknown }).purpose,
    })),
  )

/** The chain a wallet's first account lists (either form), as a CAIP-2 reference. */
function referenceOfAccounts(accounts: readonly WalletAccount[]): string | undefined {
  for (const chain of accounts[0]?.chains ?? []) {
    const reference = referenceOfChain(chain)
    if (reference !== undefined) return reference
  }
  return undefined
}

const connection = (accounts: readonly WalletAccount[]): WalletConnection => {
  const reference = referenceOfAccounts(accounts)
  return { addresses: addressesOf(accounts), ...(reference !== undefined && { reference }) }
}

/**
 * The Wallet Standard face: `bitcoin:connect` (payment and ordinals), `standard:connect`
 * `{ silent: true }` for reconnects, `bitcoin:signMessage` (BIP-322 only: the standard has no
 * ECDSA message signature), `bitcoin:signTransaction`, `standard:events`. The standard has no
 * network switch: `switchNetwork` resolves, and the adapter records the chain.
 */
export function walletStandardFace(
  wallet: BitcoinStandardWallet,
  connector: BitcoinConnector,
): BitcoinWalletFace {
  const accountOf = (address: string): WalletAccount => {
    const account = wallet.accounts.find((candidate) => candidate.address === address)
    if (!account) {
      throw new LatchError('ACCOUNT_NOT_FOUND_FOR_CONNECTOR', {
        values: { address, connectorId: connector.id },
      })
    }
    return account
  }

  /** The chain id a wallet expects: the CAIP-2 id or the `bitcoin:*` name, as its `chains` list. */
  const chainFor = (network: Network): IdentifierString | undefined => {
    const named = chainInfo(referenceOf(network))?.standardChain
    return wallet.chains.find((chain) => chain === network.caipNetworkId || chain === named)
  }

  return {
    face: 'wallet-standard',
    connector,
    async connect() {
      const { accounts } = await wallet.features[BITCOIN_CONNECT].connect({ purposes: PURPOSES })
      return connection(accounts)
    },
    async reconnect() {
      const connect = wallet.features[STANDARD_CONNECT]
      if (!connect) return null
      const { accounts } = await connect.connect({ silent: true })
      const found = connection(accounts)
      return found.addresses.length > 0 ? found : null
    },
    async disconnect() {
      await wallet.features[STANDARD_DISCONNECT]?.disconnect().catch(() => undefined)
    },
    getAccountAddresses: async () => addressesOf(wallet.accounts),
    async signMessage({ address, message, protocol }) {
      const feature = wallet.features[BITCOIN_SIGN_MESSAGE]
      if (!feature || protocol !== 'bip322') throw new LatchError('RPC_METHOD_NOT_ALLOWED')
      const [output] = await feature.signMessage({
        account: accountOf(address),
        message: new TextEncoder().encode(message),
      })
      if (!output || output.signature.length === 0) throw new LatchError('INVALID_SIGNATURE')
      return toBase64(output.signature)
    },
    async signPSBT({ psbt, signInputs, network }) {
      const feature = wallet.features[BITCOIN_SIGN_TRANSACTION]
      if (!feature) throw new LatchError('RPC_METHOD_NOT_ALLOWED')
      const chain = chainFor(network)
      const [output] = await feature.signTransaction({
        psbt: fromBase64(psbt),
        inputsToSign: inputsToSign(signInputs, accountOf),
        ...(chain !== undefined && { chain }),
      })
      if (!output) throw new LatchError('INVALID_SIGNATURE')
      return { psbt: toBase64(output.signedPsbt) }
    },
    // The Wallet Standard has no network request: the adapter records the chain.
    switchNetwork: async () => undefined,
    watch(listener) {
      const events = wallet.features[STANDARD_EVENTS]
      if (!events) return () => undefined
      return events.on('change', (properties) => {
        // Only an `accounts` property means the accounts changed; chains or features alone don't.
        if (properties.accounts === undefined) return
        const { addresses, reference } = connection(properties.accounts)
        // The accounts' chains move with the wallet's network (their addresses do too).
        if (reference !== undefined) listener({ type: 'chain', reference })
        listener({ type: 'accounts', addresses })
      })
    },
  }
}

/** AppKit's `signInputs` as the standard's `inputsToSign`: one entry per account and sighash. */
function inputsToSign(
  signInputs: readonly SignInput[],
  accountOf: (address: string) => WalletAccount,
): InputToSign[] {
  const groups = new Map<
    string,
    { account: WalletAccount; indexes: number[]; flag?: SigHashFlag }
  >()
  for (const { address, index, sighashTypes } of signInputs) {
    const flag = sighashTypes?.[0] === undefined ? undefined : SIGHASH_FLAGS[sighashTypes[0]]
    const key = `${address}\n${flag ?? ''}`
    const group = groups.get(key) ?? { account: accountOf(address), indexes: [], flag }
    group.indexes.push(index)
    groups.set(key, group)
  }
  return [...groups.values()].map(({ account, indexes, flag }) => ({
    account,
    signingIndexes: indexes,
    ...(flag !== undefined && { sigHash: flag }),
  }))
}
