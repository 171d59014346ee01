import { CUSTODY_API_PATHS, custodyErrorSchema, type AuthTokens } from '@latch/core/api'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { expect, inject, it } from 'vitest'
import { openDatabase } from '../db/database.js'
import { custodyReleases, custodyVault, custodyWallets } from '../db/schema.js'
import { custodyConfigSchema } from '../config/schema.js'
import { CUSTODY_KEY_ENV } from '../custody/context.js'
import { createTestDatabase } from '../testing/postgres-cluster.js'
import {
  authWorld,
  expectJson,
  loginOnNewDevice,
  loginWithCode,
  TEST_AUTH_SECRET,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import type { FrameClient } from '../../test/auth-client.js'
import { recoverShares, walletRequest } from '../../test/custody-harness.js'
import { describeOnEachDatabase, type DatabaseSuite } from '../../test/harness.js'

const mailbox = useMailbox()

const CUSTODY_KEY = 'latch-test-custody-key-0123456789abcdef-not-for-prod'
const env = (key: string | null = CUSTODY_KEY) => ({
  LATCH_AUTH_SECRET: TEST_AUTH_SECRET,
  ...(key === null ? {} : { [CUSTODY_KEY_ENV]: key }),
})

async function custodyError(response: Response, status: number) {
  return custodyErrorSchema.parse(await expectJson(response, status))
}

async function signedIn(
  suite: DatabaseSuite,
  name: string,
  options: Parameters<typeof authWorld>[3] = {},
) {
  const world = await authWorld(suite, mailbox(), {}, { env: env(), ...options })
  const frame = await world.newFrame()
  const email = uniqueEmail(name)
  const tokens = await loginWithCode(frame, mailbox(), email)
  const call = (client: FrameClient, path: string, body: unknown, accessToken: string) =>
    client.call(path, body, { accessToken })
  return { world, frame, email, tokens, call }
}

describeOnEachDatabase('wallet custody', (suite) => {
  it('creates the wallet once, seals the vault share, and never stores it in clear', async () => {
    const { frame, tokens, call } = await signedIn(suite, 'create')
    expect(
      await expectJson(await call(frame, CUSTODY_API_PATHS.status, {}, tokens.accessToken), 200),
    ).toEqual({ wallet: null })
    const request = await walletRequest(tokens.user.id)
    const created = await call(frame, CUSTODY_API_PATHS.wallet, request, tokens.accessToken)
    expect(await expectJson(created, 201)).toEqual({ address: request.address.toLowerCase() })
    expect(
      await expectJson(await call(frame, CUSTODY_API_PATHS.status, {}, tokens.accessToken), 200),
    ).toEqual({ wallet: { address: request.address.toLowerCase() } })

    const again = await call(
      frame,
      CUSTODY_API_PATHS.wallet,
      await walletRequest(tokens.user.id),
      tokens.accessToken,
    )
    expect((await custodyError(again, 409)).code).toBe('WALLET_EXISTS')

    const { db } = suite.database()
    const [wallet] = await db
      .select()
      .from(custodyWallets)
      .where(eq(custodyWallets.userId, tokens.user.id))
    expect(wallet?.serverShare).toBe(request.serverShare)
    const [sealed] = await db
      .select()
      .from(custodyVault)
      .where(eq(custodyVault.walletId, wallet?.id ?? ''))
    expect(sealed?.sealed).toBeDefined()
    // The vault share appears nowhere in the database in clear.
    const dump = await db.execute(sql`select row_to_json(v)::text as row from custody_vault v`)
    expect(JSON.stringify(dump)).not.toContain(request.vaultShare)
  })

  it('binds an address only with its key’s signature of this user’s statement', async () => {
    const { frame, tokens, call } = await signedIn(suite, 'signature')
    const request = await walletRequest(tokens.user.id)
    const other = await walletRequest('another-user')
    for (const signature of [other.signature, (await walletRequest(tokens.user.id)).signature]) {
      const refused = await call(
        frame,
        CUSTODY_API_PATHS.wallet,
        { ...request, signature },
        tokens.accessToken,
      )
      expect((await custodyError(refused, 400)).code).toBe('INVALID_SIGNATURE')
    }
    const withKey = await call(
      frame,
      CUSTODY_API_PATHS.wallet,
      { ...request, privateKey: '0x01' },
      tokens.accessToken,
    )
    expect(withKey.status).toBe(400)
  })

  it('releases the two shares to a new device right after its email login, in two bodies, and records each', async () => {
    const { world, frame, email, tokens, call } = await signedIn(suite, 'recover')
    const request = await walletRequest(tokens.user.id)
    await expectJson(await call(frame, CUSTODY_API_PATHS.wallet, request, tokens.accessToken), 201)
    const { frame: phone, tokens: phoneTokens } = await loginOnNewDevice(world, mailbox(), email)
    expect(await recoverShares(phone, phoneTokens.accessToken)).toEqual({
      address: request.address.toLowerCase(),
      serverShare: request.serverShare,
      vaultShare: request.vaultShare,
    })
    const releases = await suite
      .database()
      .db.select()
      .from(custodyReleases)
      .where(eq(custodyReleases.sessionId, sessionOf(phoneTokens)))
    expect(releases.map((release) => release.share).sort()).toEqual(['server', 'vault'])

    // Past the window after the login, the same live session gets nothing: log in again.
    world.clock.advance(601_000)
    for (const path of [
      CUSTODY_API_PATHS.recoverServerShare,
      CUSTODY_API_PATHS.recoverVaultShare,
    ]) {
      const late = await call(phone, path, {}, phoneTokens.accessToken)
      expect((await custodyError(late, 403)).code).toBe('RECOVERY_NEEDS_LOGIN')
    }
  })

  it('refuses without a session, from a host page, and without the custody key', async () => {
    const { world, frame, tokens, call } = await signedIn(suite, 'refusals')
    const noToken = await frame.call(CUSTODY_API_PATHS.status, {})
    expect((await custodyError(noToken, 401)).code).toBe('SESSION_EXPIRED')
    const fromHost = await frame.call(
      CUSTODY_API_PATHS.recoverServerShare,
      {},
      {
        accessToken: tokens.accessToken,
        origin: 'http://127.0.0.1:5173',
      },
    )
    expect(fromHost.status).toBe(403)
    const thief = await world.newFrame()
    const stolen = await call(thief, CUSTODY_API_PATHS.recoverServerShare, {}, tokens.accessToken)
    expect((await custodyError(stolen, 401)).code).toBe('INVALID_PROOF')

    const keyless = await signedIn(suite, 'keyless', { env: env(null) })
    const unavailable = await keyless.call(
      keyless.frame,
      CUSTODY_API_PATHS.wallet,
      await walletRequest(keyless.tokens.user.id),
      keyless.tokens.accessToken,
    )
    expect((await custodyError(unavailable, 503)).code).toBe('CUSTODY_UNAVAILABLE')
  })

  it('keeps the vault share in another database when given one', async () => {
    const vault = await openDatabase()
    try {
      const { frame, tokens, call } = await signedIn(suite, 'vault', { custodyVault: vault.db })
      const request = await walletRequest(tokens.user.id)
      await expectJson(
        await call(frame, CUSTODY_API_PATHS.wallet, request, tokens.accessToken),
        201,
      )
      const [wallet] = await suite
        .database()
        .db.select()
        .from(custodyWallets)
        .where(eq(custodyWallets.userId, tokens.user.id))
      const id = wallet?.id ?? ''
      expect(
        await suite.database().db.select().from(custodyVault).where(eq(custodyVault.walletId, id)),
      ).toEqual([])
      expect(
        await vault.db.select().from(custodyVault).where(eq(custodyVault.walletId, id)),
      ).toHaveLength(1)
    } finally {
      await vault.close()
    }
  })

  it('closes a vault database it opened from the configuration when the server closes', async () => {
    const created = await createTestDatabase(inject('postgresUrl'))
    try {
      const world = await authWorld(
        suite,
        mailbox(),
        {},
        { env: env() },
        { custody: custodyConfigSchema.parse({ vaultDatabaseUrl: created.url }) },
      )
      const frame = await world.newFrame()
      const tokens = await loginWithCode(frame, mailbox(), uniqueEmail('vault-url'))
      await expectJson(
        await frame.call(CUSTODY_API_PATHS.wallet, await walletRequest(tokens.user.id), {
          accessToken: tokens.accessToken,
        }),
        201,
      )
      expect(await connectionsTo(created.name)).toBeGreaterThan(0)
      await world.server.close()
      expect(await connectionsTo(created.name)).toBe(0)
    } finally {
      await created.drop()
    }
  })
})

/** How many sessions PostgreSQL has open on one database. */
async function connectionsTo(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') })
  await client.connect()
  try {
    const result = await client.query<{ count: string }>(
      'select count(*) as count from pg_stat_activity where datname = $1',
      [database],
    )
    return Number(result.rows[0]?.count ?? 0)
  } finally {
    await client.end()
  }
}

/** The session id (`sid`) of an access token. */
function sessionOf(tokens: AuthTokens): string {
  const payload = tokens.accessToken.split('.')[1] ?? ''
  const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  return typeof claims === 'object' && claims !== null && 'sid' in claims ? String(claims.sid) : ''
}
