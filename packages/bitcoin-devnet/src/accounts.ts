/**
 * The devnet's fixed keys: BIP-84 (P2WPKH, "payment") and BIP-86 (Taproot key-path, "ordinals")
 * keys of a public test mnemonic, on regtest (coin type 1, `bcrt1…` addresses). Fixed, so the
 * test wallets, the playground and the tests know them without asking the devnet. They are
 * public test keys: never use them elsewhere.
 *
 * Listed rather than derived at import, so a browser wallet gets them without a bitcoin library
 * or a PBKDF2 run; `accounts.test.ts` re-derives every one from the mnemonic.
 */

/** The mnemonic the keys come from: anvil's (and Hardhat's) public default, as `@latch/devnet`. */
export const BITCOIN_DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** What an address is for, in sats-connect's and the Wallet Standard's words. */
export type BitcoinDevnetPurpose = 'payment' | 'ordinals'

/** One key of an account. Every byte string is lowercase hex. */
export interface BitcoinDevnetKeyBase {
  readonly purpose: BitcoinDevnetPurpose
  readonly addressType: 'p2wpkh' | 'p2tr'
  /** BIP-32 derivation path from the mnemonic's seed, e.g. `m/84'/1'/0'/0/0`. */
  readonly path: string
  /** The regtest address: `bcrt1q…` (P2WPKH) or `bcrt1p…` (Taproot). */
  readonly address: string
  /** The 33-byte compressed public key (for Taproot: the untweaked internal key). */
  readonly publicKey: string
  /** The 32-byte private key (for Taproot: the untweaked one; BIP-86 tweaks it to sign). */
  readonly privateKey: string
  /** The private key as regtest WIF (compressed, `c…`), for bitcoind's importprivkey and ECPair. */
  readonly wif: string
}

/** The payment key: P2WPKH, `m/84'/1'/0'/0/i`. */
export interface BitcoinDevnetPaymentKey extends BitcoinDevnetKeyBase {
  readonly purpose: 'payment'
  readonly addressType: 'p2wpkh'
}

/** The ordinals key: Taproot key-path (BIP-86, no script tree), `m/86'/1'/0'/0/i`. */
export interface BitcoinDevnetOrdinalsKey extends BitcoinDevnetKeyBase {
  readonly purpose: 'ordinals'
  readonly addressType: 'p2tr'
  /** The 32-byte x-only internal key, PSBT's `tapInternalKey`. */
  readonly xOnlyPublicKey: string
}

/** A funded account: its payment and ordinals keys at the same index. */
export interface BitcoinDevnetAccount {
  readonly index: number
  readonly payment: BitcoinDevnetPaymentKey
  readonly ordinals: BitcoinDevnetOrdinalsKey
}

const LISTING = [
  {
    payment: {
      address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
      publicKey: '03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6',
      privateKey: 'b5c8b4acf7b66682afbc5eef20c3b12998ba3c14a97047c9187454377f1a7856',
      wif: 'cTg4nG8mNSaQr1KV1a3erZaAGk3deLnKivYnfEkKaSJrvnja6Pjd',
    },
    ordinals: {
      address: 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv',
      publicKey: '028c7fc6552af4384a13791e63bac79ff2bcfeedf143a88d6dc4b6080a8829cdc1',
      privateKey: '893af8e39dab62e987360f7e2f2556100075b04ee4e6b22a0e1e11e1569de6d1',
      wif: 'cSBTc78h1Ab9MNcQcFD8w3kNTW8xWM4EjTQgKLDq9gUG9GrRZD3f',
    },
  },
  {
    payment: {
      address: 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj',
      publicKey: '034f1ed3cf19a0d6fbb1db423f5f61608a61d6c321a16dbc8400d76a45f80d7ff3',
      privateKey: '2ea9ba050147af0a7e5bc697b588ee630552766810398242f3c4b9ce25c3cfd7',
      wif: 'cP9Qe8G65MQar9MYpjUsJaQSKnYv4w8gXGb3RJPj8E9mxqPdr2tg',
    },
    ordinals: {
      address: 'bcrt1p6g8r5e8jvnvukaqgdauwag8lfkzvz3dng4057kv7avnpxpkghdkszxhwd4',
      publicKey: '0394cea1919bdcdefc478f8533a7bf8954867dc227da79754642cb2e41f7e300d8',
      privateKey: 'd02ee2d2828e3844e8b9751da9202d87210fde6e4c350668c19855541d4bc94c',
      wif: 'cUZP8uWEekmDdBxGk37X9Ui6JvVLm1bQAaxkasnW63X9Tfk7ahUX',
    },
  },
  {
    payment: {
      address: 'bcrt1qwqwxn0pae964jk3zu8zxr3lu2jyj0p7mk8hkdv',
      publicKey: '028a76a4ddbfd85e75b9a3f478873824da290dbdd9507947d9e3bae7706c2380a7',
      privateKey: '1d100560fb83ffd36c8658032a7dd8f3971987fb35fbe6559c2835fe491b0074',
      wif: 'cNZCHvVK8Aa86AmAnikDrn6SzyRieDxEXZHcmX7RMms7TuGet4Y2',
    },
    ordinals: {
      address: 'bcrt1pw4n0e9av3evnyt7j7x3wgrjrttqr4482x7kwpp78g7wnue59mvnse7srs6',
      publicKey: '0267428cfe9f4cc0ee625ef2174f203b589500818913c3d6eec0562b49af02cf0d',
      privateKey: 'fef0082696611913b3c8507643fc5b169706dadd90269894a1645023791bfdc5',
      wif: 'cW8GSfuUnsoubAMDbh9xqUpNeesnX53AiVDG93ywd3dhxsbtKbZ2',
    },
  },
] as const

/** How many funded accounts the devnet has. */
export const BITCOIN_DEVNET_ACCOUNT_COUNT = LISTING.length

/**
 * The UTXOs (in sats) each account's keys are funded with at start, one faucet transaction
 * each, all confirmed in block 1: 1.75 BTC on the payment address, 0.11 BTC on the ordinals one.
 * Several coins per address, so coin selection and multi-input spends have something to do.
 */
export const BITCOIN_DEVNET_FUNDING: {
  readonly payment: readonly number[]
  readonly ordinals: readonly number[]
} = {
  payment: [100_000_000, 50_000_000, 25_000_000],
  ordinals: [10_000_000, 1_000_000],
}

/** The funded accounts, in order (fresh objects on each call). */
export function bitcoinDevnetAccounts(): BitcoinDevnetAccount[] {
  return LISTING.map((entry, index) => ({
    index,
    payment: {
      purpose: 'payment',
      addressType: 'p2wpkh',
      path: `m/84'/1'/0'/0/${index}`,
      ...entry.payment,
    },
    ordinals: {
      purpose: 'ordinals',
      addressType: 'p2tr',
      path: `m/86'/1'/0'/0/${index}`,
      ...entry.ordinals,
      // BIP-340 x-only: the compressed key without its parity byte.
      xOnlyPublicKey: entry.ordinals.publicKey.slice(2),
    },
  }))
}
