import type { EmbeddedWallet } from '../machines/connection.types.js'
import type { LatchStorage } from '../storage/latch-storage.js'

/**
 * Who is logged in to the embedded wallet, read from the login cache (SPEC §3's local storage
 * keys, written by each login and by the email update): a social login's provider, with its
 * username and the email it gave; else an email login's email. `undefined` when the cache holds
 * no login. The AUTH connection carries the answer, so SPEC §3's `embeddedWalletInfo` is built
 * from the connection machine's snapshot alone.
 */
export function embeddedWalletOf(storage: Pick<LatchStorage, 'get'>): EmbeddedWallet | undefined {
  const email = storage.get('email')
  const provider = storage.get('socialProvider')
  if (provider) {
    const username = storage.get('socialUsername')
    return {
      authProvider: provider,
      user: { ...(email ? { email } : {}), ...(username ? { username } : {}) },
    }
  }
  return email ? { authProvider: 'email', user: { email } } : undefined
}
