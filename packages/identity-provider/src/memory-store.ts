import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/** Past this many entries, each write first drops the expired ones. */
const SWEEP_ABOVE = 500

/**
 * What a grant's revocation removes: the tokens and codes issued under it, as oidc-provider's
 * own memory adapter keeps them. An Interaction also names the session's grant (`grantId`), but
 * is not the grant's: when a second person signs in over the first's session, oidc-provider ends
 * that session (revoking its grants) and then resumes the very same interaction.
 */
const GRANTED = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
])

interface Entry {
  readonly payload: AdapterPayload
  readonly expiresAt: number
}

/**
 * Where one provider keeps its codes, tokens, grants, sessions and interactions: in memory, for
 * this process's life. oidc-provider's default store is the same, but warns on every start that
 * a production deployment must replace it; this one is in memory by design (a local stand-in
 * that forgets everything on exit), and each provider gets its own.
 */
export function memoryStore(): AdapterFactory {
  const entries = new Map<string, Entry>()
  const sessionIdByUid = new Map<string, string>()
  const keysByGrant = new Map<string, Set<string>>()

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key)
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined
  }
  const sweep = () => {
    if (entries.size <= SWEEP_ABOVE) return
    const now = Date.now()
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        sweep()
        const expiresAt = expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000
        entries.set(key(id), { payload, expiresAt })
        if (model === 'Session' && typeof payload.uid === 'string')
          sessionIdByUid.set(payload.uid, id)
        if (GRANTED.has(model) && payload.grantId !== undefined) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>()
          keysByGrant.set(payload.grantId, keys.add(key(id)))
        }
      },
      async find(id) {
        return live(key(id))
      },
      async findByUid(uid) {
        const id = sessionIdByUid.get(uid)
        return id === undefined ? undefined : live(key(id))
      },
      // The device flow, the only user of user codes, is off.
      async findByUserCode() {
        return undefined
      },
      async consume(id) {
        const payload = live(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        entries.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const grantKey of keysByGrant.get(grantId) ?? []) entries.delete(grantKey)
        keysByGrant.delete(grantId)
      },
    }
  }
}
