import * as z from 'zod/mini'
import type { Eip1193Provider } from '../provider.js'
import { walletInfoSchema, type WalletInfo } from './wallet-info.js'

/** Whether `value` can be used as an EIP-1193 provider: it has a `request` function. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  try {
    return typeof (value as { request?: unknown }).request === 'function'
  } catch {
    // A hostile getter on `request` is as good as no provider.
    return false
  }
}

const announcementSchema = z.object({
  info: walletInfoSchema,
  // The provider is kept by reference: it is compared by identity with window.ethereum.
  provider: z.custom<Eip1193Provider>(isEip1193Provider, 'provider must have a request function'),
})

/** A validated EIP-6963 announcement. */
export interface Announcement {
  info: WalletInfo
  provider: Eip1193Provider
}

/**
 * Validates an `eip6963:announceProvider` event's `detail`. Resolves `undefined` for anything that
 * is not a well-formed announcement, including values whose getters throw. The result is a fresh
 * object, so a detail that changes after the event cannot change what was accepted.
 */
export function parseAnnouncement(detail: unknown): Announcement | undefined {
  try {
    const result = announcementSchema.safeParse(detail)
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}
