import {
  createWalletResponseSchema,
  CUSTODY_API_PATHS,
  custodyStatement,
  custodyStatusResponseSchema,
  recoverServerShareResponseSchema,
  recoverVaultShareResponseSchema,
  type AuthUser,
} from '@latch/core/api'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { ApiError } from './api.js'
import { fromBase64url, toBase64url, unwrap, wrap, type Wrapped } from './keys.js'
import type { Session } from './session.js'
import type { KeyValueStore } from './store.js'

// The wallet's key, in the frame only (docs/security.md). Made here, split 2-of-3: share 1 stays
// in this browser, wrapped under its non-extractable AES key; shares 2 and 3 go to the server,
// which keeps them apart. Once made or recovered, the key itself is kept wrapped the same way,
// so a returning visitor signs with no round trip for it. It never leaves the frame.

/** What this browser keeps of a user's wallet, every part wrapped under the wrapping key. */
interface KeptWallet {
  address: string
  key: Wrapped
  /** Share 1, on the browser that made the wallet: with share 2 it rebuilds the key without the vault. */
  deviceShare?: Wrapped
}

const keptKey = (userId: string) => `wallet:${userId}`
const label = (user: AuthUser, address: string, part: string) =>
  `latch-wallet|${user.id}|${address.toLowerCase()}|${part}`

/** The error a browser sees when the server will release shares only right after an email login. */
export const RECOVERY_NEEDS_LOGIN = 'Log in with your email again to use your wallet on this device'

export interface WalletKeeper {
  /**
   * The user's account: from this browser's wrapped copy; else recovered from the server's two
   * shares (a new device, right after its email login); else made now (the user's first login).
   */
  account(user: AuthUser): Promise<PrivateKeyAccount>
  /** The account this browser already holds for the user, without any call. */
  cached(user: AuthUser): Promise<PrivateKeyAccount | undefined>
  /** Forgets this browser's copy (sign-out). */
  forget(user: AuthUser): Promise<void>
}

export function createWalletKeeper(options: {
  store: KeyValueStore
  wrappingKey: () => Promise<CryptoKey>
  session: Session
}): WalletKeeper {
  const { store, session } = options

  const keep = async (user: AuthUser, privateKey: Hex, deviceShare?: Uint8Array) => {
    const wrappingKey = await options.wrappingKey()
    const address = privateKeyToAccount(privateKey).address
    const kept: KeptWallet = {
      address,
      key: await wrap(wrappingKey, hexToBytes(privateKey), label(user, address, 'key')),
      ...(deviceShare
        ? { deviceShare: await wrap(wrappingKey, deviceShare, label(user, address, 'share-1')) }
        : {}),
    }
    await store.set(keptKey(user.id), kept)
  }

  const cached = async (user: AuthUser) => {
    const kept = await store.get<KeptWallet>(keptKey(user.id))
    if (!kept) return undefined
    const bytes = await unwrap(
      await options.wrappingKey(),
      kept.key,
      label(user, kept.address, 'key'),
    )
    if (!bytes) return undefined
    const account = privateKeyToAccount(bytesToHex(bytes))
    return account.address === kept.address ? account : undefined
  }

  const create = async (user: AuthUser) => {
    const privateKey = generatePrivateKey()
    const account = privateKeyToAccount(privateKey)
    const [deviceShare, serverShare, vaultShare] = await split(hexToBytes(privateKey), 3, 2)
    if (!deviceShare || !serverShare || !vaultShare) throw new Error('The key could not be split')
    // The two shares the server gets must rebuild this very key before they leave.
    if (bytesToHex(await combine([serverShare, vaultShare])) !== privateKey) {
      throw new Error('The key could not be split')
    }
    await session.call(
      CUSTODY_API_PATHS.wallet,
      {
        address: account.address,
        serverShare: toBase64url(serverShare),
        vaultShare: toBase64url(vaultShare),
        signature: await account.signMessage({
          message: custodyStatement(user.id, account.address),
        }),
      },
      createWalletResponseSchema,
    )
    await keep(user, privateKey, deviceShare)
    return account
  }

  const recover = async (user: AuthUser, address: string) => {
    let shares
    try {
      // Two calls, two bodies: no one answer holds both shares (docs/security.md).
      const { serverShare } = await session.call(
        CUSTODY_API_PATHS.recoverServerShare,
        {},
        recoverServerShareResponseSchema,
      )
      const { vaultShare } = await session.call(
        CUSTODY_API_PATHS.recoverVaultShare,
        {},
        recoverVaultShareResponseSchema,
      )
      shares = { serverShare, vaultShare }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RECOVERY_NEEDS_LOGIN') {
        throw new Error(RECOVERY_NEEDS_LOGIN)
      }
      throw error
    }
    const privateKey = bytesToHex(
      await combine([fromBase64url(shares.serverShare), fromBase64url(shares.vaultShare)]),
    )
    const account = privateKeyToAccount(privateKey)
    // Shares are not self-checking: a wrong one rebuilds a wrong key. The address says.
    if (account.address.toLowerCase() !== address.toLowerCase()) {
      throw new Error('The wallet could not be recovered')
    }
    await keep(user, privateKey)
    return account
  }

  return {
    cached,
    async account(user) {
      const local = await cached(user)
      const { wallet } = await session.call(
        CUSTODY_API_PATHS.status,
        {},
        custodyStatusResponseSchema,
      )
      if (local && (!wallet || wallet.address === local.address.toLowerCase())) {
        return local
      }
      return wallet ? recover(user, wallet.address) : create(user)
    },
    forget: (user) => store.delete(keptKey(user.id)),
  }
}
