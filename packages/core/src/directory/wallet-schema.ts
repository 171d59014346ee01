// The directory's entries as zod schemas: what a GET /getWallets answer is checked against, with
// core's one name, link and image rules (wallet-name.ts, wallet-link.ts, image-url.ts). Only the
// directory service's client needs the schemas, and it is loaded when a list first asks a service.
import * as z from 'zod/mini'
import { isCaipNetworkId } from '../identifiers/caip.js'
import type { CaipNetworkId } from '../identifiers/types.js'
import { isSafeImageUrl } from './image-url.js'
import { isHttpsUrl, isWalletAppLink } from './wallet-link.js'
import { walletNameSchema } from './wallet-name.js'

const CHAINS_MAX = 256
/**
 * A directory wallet id: letters, digits, `_` and `-`, at most 128. Also the shape of every id the
 * Latch server serves images by: it can never be a path (`..`, `/`) or carry markup.
 */
export const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
const RDNS = /^(?=.{3,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})+$/

const caipNetworkId = z.custom<CaipNetworkId>(isCaipNetworkId, 'Invalid CAIP-2 network id')

const walletFields = z.object({
  /** Stable directory id (e.g. a hex string); also the key of `GET /getWalletImage/{id}`. */
  id: z.string().check(z.regex(WALLET_ID, 'Invalid wallet id')),
  /** Cleaned by core's one name rule (wallet-name.ts); shown as plain text, never as markup. */
  name: walletNameSchema,
  /** EIP-6963 reverse-DNS id (`io.metamask`): how an installed wallet is matched to its entry. */
  rdns: z.optional(z.string().check(z.regex(RDNS, 'Invalid rdns'))),
  homepage: z.string().check(z.refine(isHttpsUrl, 'Must be an https URL')),
  imageUrl: z.string().check(z.refine(isSafeImageUrl, 'Must be an https URL or an inline image')),
  /**
   * Universal link (https) or deep-link root (`metamask://`) of the mobile app. A deep-link root
   * declares the wallet's native scheme: the only non-https scheme its links may use.
   */
  mobileLink: z.optional(z.string().check(z.refine(isWalletAppLink, 'Invalid wallet link'))),
  /** Deep-link root (`ledgerlive://`) or universal link of the desktop app; declares likewise. */
  desktopLink: z.optional(z.string().check(z.refine(isWalletAppLink, 'Invalid wallet link'))),
  /** The wallet's web app. */
  webappLink: z.optional(z.string().check(z.refine(isHttpsUrl, 'Must be an https URL'))),
  /** CAIP-2 ids of the chains the wallet supports. */
  chains: z.readonly(z.array(caipNetworkId).check(z.maxLength(CHAINS_MAX))),
  badge: z.optional(z.enum(['certified', 'none'])),
})

/**
 * One wallet of the directory (SPEC §7 `GET /getWallets` entries), validated at the boundary:
 * a directory response is untrusted. Unknown fields are dropped, and the result is frozen.
 */
export const directoryWalletSchema = z.readonly(walletFields)

/**
 * A `GET /getWallets` entry as the service may send it: `imageUrl` may be left out, in which case
 * the client points it at `GET /getWalletImage/{id}`.
 */
export const directoryWalletEntrySchema = z.readonly(
  z.extend(walletFields, { imageUrl: z.optional(walletFields.shape.imageUrl) }),
)

/** A wallet of the directory. See {@link directoryWalletSchema}. */
export type DirectoryWallet = z.output<typeof directoryWalletSchema>

/** The badge filter of SPEC §7 `badge_type`. */
export type WalletBadge = NonNullable<DirectoryWallet['badge']>
