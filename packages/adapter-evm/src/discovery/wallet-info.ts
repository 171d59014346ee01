import { safeImageUrl, walletNameSchema } from '@latch/core'
import * as z from 'zod/mini'

/** Longest rdns accepted: the DNS limit for a full name. */
export const MAX_RDNS_LENGTH = 253

const RDNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * EIP-6963 `info.rdns`, lower-cased (DNS is case-insensitive, so `IO.MetaMask` and `io.metamask`
 * are one wallet and dedupe as one). Checked label by label so that no regex ever backtracks
 * over a long hostile string.
 */
export const rdnsSchema = z
  .pipe(
    z.string().check(z.maxLength(MAX_RDNS_LENGTH, { abort: true })),
    z.transform((rdns: string) => rdns.toLowerCase()),
  )
  .check(
    z.refine((rdns) => {
      const labels = rdns.split('.')
      return labels.length >= 2 && labels.every((label) => RDNS_LABEL.test(label))
    }, 'rdns must be a reverse-DNS name such as io.metamask'),
  )

/**
 * EIP-6963 `info`, validated at the boundary. A wrong uuid, name or rdns rejects the whole
 * announcement (there is nothing sane to show); a bad icon only drops the icon, because the icon
 * is decoration and the wallet is still usable. The name and the icon go through core's one name
 * and image rules (cleanWalletName, safeImageUrl), as the directory's and WalletConnect's do.
 * Unknown keys, `__proto__` included, are dropped.
 */
export const walletInfoSchema = z.object({
  uuid: z.guid(),
  name: walletNameSchema,
  rdns: rdnsSchema,
  icon: z.pipe(z.unknown(), z.transform(safeImageUrl)),
})

export type WalletInfo = z.output<typeof walletInfoSchema>
