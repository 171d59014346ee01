import { mnemonicToSeedSync } from '@scure/bip39'
import { BIP32Factory } from 'bip32'
import { networks, payments, toXOnly } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import {
  BITCOIN_DEVNET_ACCOUNT_COUNT,
  BITCOIN_DEVNET_MNEMONIC,
  bitcoinDevnetAccounts,
} from './accounts.js'
import { ecc, toHex } from './bitcoin.js'
import * as browser from './browser.js'

describe('bitcoinDevnetAccounts', () => {
  it('are BIP-84 and BIP-86 keys of the mnemonic on regtest, re-derived here', () => {
    const root = BIP32Factory(ecc).fromSeed(
      mnemonicToSeedSync(BITCOIN_DEVNET_MNEMONIC),
      networks.regtest,
    )
    const accounts = bitcoinDevnetAccounts()
    expect(accounts).toHaveLength(BITCOIN_DEVNET_ACCOUNT_COUNT)
    accounts.forEach((account, index) => {
      expect(account.index).toBe(index)
      const payment = root.derivePath(`m/84'/1'/0'/0/${index}`)
      expect(account.payment).toEqual({
        purpose: 'payment',
        addressType: 'p2wpkh',
        path: `m/84'/1'/0'/0/${index}`,
        address: payments.p2wpkh({ pubkey: payment.publicKey, network: networks.regtest }).address,
        publicKey: toHex(payment.publicKey),
        privateKey: toHex(payment.privateKey!),
        wif: payment.toWIF(),
      })
      const ordinals = root.derivePath(`m/86'/1'/0'/0/${index}`)
      const internal = toXOnly(ordinals.publicKey)
      expect(account.ordinals).toEqual({
        purpose: 'ordinals',
        addressType: 'p2tr',
        path: `m/86'/1'/0'/0/${index}`,
        address: payments.p2tr({ internalPubkey: internal, network: networks.regtest }).address,
        publicKey: toHex(ordinals.publicKey),
        xOnlyPublicKey: toHex(internal),
        privateKey: toHex(ordinals.privateKey!),
        wif: ordinals.toWIF(),
      })
      expect(account.payment.address).toMatch(/^bcrt1q/)
      expect(account.ordinals.address).toMatch(/^bcrt1p/)
    })
  })

  it('returns fresh objects, so a caller cannot change another’s', () => {
    const first = bitcoinDevnetAccounts()
    ;(first[0]!.payment as { address: string }).address = 'changed'
    expect(bitcoinDevnetAccounts()[0]!.payment.address).toMatch(/^bcrt1q/)
  })

  it('are what @latch/bitcoin-devnet/browser exports, with the network and no server', () => {
    expect(browser.bitcoinDevnetAccounts()).toEqual(bitcoinDevnetAccounts())
    expect(browser.BITCOIN_REGTEST_CHAIN).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(Object.keys(browser)).not.toContain('startBitcoinDevnet')
  })
})
