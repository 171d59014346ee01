/**
 * The devnet's fixed keypairs: the funded accounts and the mints. Fixed, so the playground, the
 * test wallets and the tests know them without asking the devnet. They are public test keys:
 * never use them elsewhere.
 *
 * This module only needs @solana/kit (no Node API), so a browser wallet can import it through
 * `@latch/solana-devnet/accounts` without pulling in the runtime.
 */
import { getAddressEncoder, type Address } from '@solana/kit'

/** A keypair: its address and its 64-byte secret key (seed ‖ public key, Solana's file format). */
export interface SolanaDevnetKeypair {
  readonly address: Address
  /** Accepted by kit's `createKeyPairSignerFromBytes` and by `solana-keygen` files. */
  readonly secretKey: Uint8Array
}

/**
 * Each seed is sha256(`latch-solana-devnet <name>`); the addresses are listed rather than derived
 * at import (derivation is async in WebCrypto). `accounts.test.ts` re-derives every one.
 */
export const SOLANA_DEVNET_SEED_PREFIX = 'latch-solana-devnet'

const ACCOUNTS = [
  {
    name: 'account 0',
    address: 'JCnpMrxZph2HWAEZLLuwA2xL6Lqs8wxsPYKqPQHKYbvj',
    seed: '1c9d5d3f2e207a8ca8762c5610a2ee29eb4e1adc61e1b8e0905f0039a61ff57b',
  },
  {
    name: 'account 1',
    address: 'sSUnzUgi4MdN3EyUvv9KdyP2zMnZx671mjgXC4d9HwC',
    seed: 'a90ab378b821c13520a53774509daa7485cd4d92dabce856b1b604b2b449db10',
  },
  {
    name: 'account 2',
    address: 'B5PuU4wgnRArqoXSHxAHyYASNvSqmbGtoaTGNEw46pvN',
    seed: 'ebfc17d8f98f70c6172a538a1fc53ccb058ae4ef6d576a2dc56b548db3793258',
  },
  {
    name: 'account 3',
    address: 'BW65VGMwPiHx5byn14AVuveaEEihReysRMYWTxQVpVw1',
    seed: '540bc06aab3ed9d81db8ef4ac46eb43fe4db37527a387c1bf5f5e41a1a457a85',
  },
  {
    name: 'account 4',
    address: '8LYaKDPYnivQSHasupAbJ28KEcQrAzfYVYKHDLEgHfQg',
    seed: '01477104ded4d043b99b9f42dec14d50806b7e9feb3ef19d1d27e10b217ff84f',
  },
] as const

const MINTS = {
  splToken: {
    name: 'mint spl-token',
    address: 'v2HmaHV3VfL13ZqjGpA9ZAQiC1AMzMeG8LdGt4dYCyq',
    seed: 'ebc0580153f2ca0db135cda85166dde067e5da3e83b95d8ff8727bd2a560a4c4',
  },
  token2022: {
    name: 'mint spl-token-2022',
    address: '6g88PKncPEkvh6gXbWSZDDb66rHofSKF6fTtnw8AUSJd',
    seed: 'df926744613d763adf0cfff078f72b64991ca59aa72d535ea1e821418407099e',
  },
} as const

/** Every listed keypair with the name its seed is made from, for `accounts.test.ts`. */
export const SOLANA_DEVNET_KEYPAIR_LISTING: readonly {
  readonly name: string
  readonly address: string
  readonly seed: string
}[] = [...ACCOUNTS, MINTS.splToken, MINTS.token2022]

/** How many funded accounts the devnet has, and how much SOL each starts with. */
export const SOLANA_DEVNET_ACCOUNT_COUNT = ACCOUNTS.length
export const SOLANA_DEVNET_ACCOUNT_BALANCE_SOL = 1_000

/** Lamports per SOL (SPEC §9: SOL has 9 decimals). */
export const LAMPORTS_PER_SOL = 1_000_000_000n

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

function keypair(entry: { address: string; seed: string }): SolanaDevnetKeypair {
  const secretKey = new Uint8Array(64)
  secretKey.set(hexToBytes(entry.seed), 0)
  secretKey.set(getAddressEncoder().encode(entry.address as Address), 32)
  return { address: entry.address as Address, secretKey }
}

/**
 * The funded accounts, in order. Each call returns fresh copies, so a caller that writes into a
 * secret key cannot change anyone else's.
 */
export function solanaDevnetAccounts(): SolanaDevnetKeypair[] {
  return ACCOUNTS.map(keypair)
}

/** The keypairs the two test mints are created at (fresh copies). */
export function solanaDevnetMintKeypairs(): {
  splToken: SolanaDevnetKeypair
  token2022: SolanaDevnetKeypair
} {
  return { splToken: keypair(MINTS.splToken), token2022: keypair(MINTS.token2022) }
}
