import { SIWX_MESSAGE_VERSION } from '../../api/siwx.js'
import { LatchError } from '../../errors/latch-error.js'
import type { SIWEConfig, SIWXConfig, SIWXSession } from '../../options/sign-in.js'
import { sameAccount } from './sign-in-rules.js'

/**
 * The legacy `siweConfig` (EVM only) as a sign-in backend: the host's nonce and message, its
 * verifier, and its session (which carries only an address and a chain, so the session core
 * reports holds no message or signature).
 */
export function siweAsSiwx(siwe: SIWEConfig, pageUri: () => string): SIWXConfig {
  return {
    async createMessage({ chainId, accountAddress }) {
      const [namespace, reference] = chainId.split(':')
      if (namespace !== 'eip155' || !reference) throw new LatchError('SIWX_NOT_ENABLED')
      const uri = pageUri()
      const domain = new URL(uri).host
      const nonce = await siwe.getNonce(accountAddress)
      const issuedAt = new Date().toISOString()
      const text = siwe.createMessage({
        domain,
        uri,
        address: `${chainId}:${accountAddress}`,
        chainId: Number(reference),
        nonce,
        version: SIWX_MESSAGE_VERSION,
        issuedAt,
      })
      const data = { chainId, accountAddress, nonce, domain, uri, version: SIWX_MESSAGE_VERSION }
      return { ...data, issuedAt, toString: () => text }
    },
    async addSession({ message, signature, cacao }) {
      const valid = await siwe.verifyMessage({ message, signature, ...(cacao ? { cacao } : {}) })
      if (!valid) throw new LatchError('SIGNATURE_DECLINED')
    },
    async getSessions(chainId, address): Promise<SIWXSession[]> {
      const session = await siwe.getSession()
      if (!session) return []
      const account = { chainId: `eip155:${session.chainId}`, address: session.address }
      if (!sameAccount(account, { chainId, address })) return []
      const data = { chainId, accountAddress: address, nonce: '', domain: '', uri: '', version: '' }
      return [{ data, message: '', signature: '' }]
    },
    async revokeSession() {
      await siwe.signOut()
    },
    async setSessions(sessions) {
      if (sessions.length === 0) await siwe.signOut()
    },
  }
}
