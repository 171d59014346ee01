// The directory's entries as zod schemas: what a GET /getWallets answer is checked against. Apart
// from the link and image checks (wallet.ts) because only the directory service's client needs
// them, and it is loaded when a wallet list first asks a service.
import * as z from 'zod/mini'
import { isCaipNetworkId } from '../identifiers/caip.js'
import type { CaipNetworkId } from '../identifiers/types.js'
import {
  hasForbiddenNameCharacters,
  isHttpsUrl,
  isSafeWalletLink,
  isWalletImageUrl,
  WALLET_NAME_MAX_LENGTH,
} from './wallet.js'

const CHAINS_MAX = 256
const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
const RDNS = /^(?=.{3,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})+$/

const caipNetworkId = z.custom<CaipNetworkId>(isCaipNetworkId, 'Invalid CAIP-2 network id')

const walletFields = z.object({
  /** Stable directory id (e.g. a hex string); also the key of `GET /getWalletImage/{id}`. */
  id: z.string().check(z.regex(WALLET_ID, 'Invalid wallet id')),
  /** Shown as plain text, never as markup. */
  name: z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(WALLET_NAME_MAX_LENGTH),
    z.refine((name) => !hasForbiddenNameCharacters(name), 'Invalid wallet name'),
  ),
  /** EIP-6963 reverse-DNS id (`io.metamask`): how an installed wallet is matched to its entry. */
  rdns: z.optional(z.string().check(z.regex(RDNS, 'Invalid rdns'))),
  homepage: z.string().check(z.refine(isHttpsUrl, 'Must be an https URL')),
  imageUrl: z.string().check(z.refine(isWalletImageUrl, 'Must be an https URL or an SVG data URI')),
  /** Universal link (https) or deep-link root (`metamask://`) of the mobile app. */
  mobileLink: z.optional(z.string().check(z.refine(isSafeWalletLink, 'Invalid wallet link'))),
  /** Deep-link root of the desktop app (`ledgerlive://`). */
  desktopLink: z.optional(z.string().check(z.refine(isSafeWalletLink, 'Invalid wallet link'))),
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
