import {
  SIWX_API_PATHS,
  SIWX_SESSION_TTL_SECONDS,
  siwxAccountSessionsPath,
  siwxRevokePath,
  siwxSessionListSchema,
} from '@latch/core/api'
import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { ServerConfig } from '../config/schema.js'
import type { LatchServer } from '../server.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import { solanaKeypair, type SolanaKeypair } from '../../test/solana-signer.js'
import {
  expectRefusal,
  messageFor,
  sendSignature,
  sessionFrom,
  signed,
  siwxConfig,
  SOLANA_LOCALNET,
  withToken,
} from '../../test/siwx-harness.js'

// A session's life after sign-in: me, the account's sessions on every device, sign-out and
// revoking another device's session. Solana keys sign (no chain to start); the rules are the
// namespace's alike.

/** One device's sign-in: its session's token and id. */
async function signIn(server: LatchServer, config: ServerConfig, wallet: SolanaKeypair) {
  const written = await messageFor(server, config, {
    chainId: SOLANA_LOCALNET,
    accountAddress: wallet.address,
  })
  const { token, session } = await sessionFrom(
    await sendSignature(server, config, await signed(written, wallet.sign)),
  )
  return { token, id: session.id }
}

describeOnEachDatabase('Sign-in sessions', (suite) => {
  const setup = async (now?: () => number) => {
    const config = siwxConfig([SOLANA_LOCALNET])
    const server = await suite.server(config, now ? { now } : {})
    return { config, server, wallet: solanaKeypair() }
  }
  const me = (server: LatchServer, config: ServerConfig, token: string) =>
    withToken(server, config, token, SIWX_API_PATHS.me)

  it("lists the account's live sessions to a token of that account only", async () => {
    const { config, server, wallet } = await setup()
    const phone = await signIn(server, config, wallet)
    const laptop = await signIn(server, config, wallet)
    const path = siwxAccountSessionsPath(SOLANA_LOCALNET, wallet.address)
    const listed = await withToken(server, config, phone.token, path)
    expect(listed.status).toBe(200)
    const { sessions } = z.parse(siwxSessionListSchema, await listed.json())
    expect(sessions.map((session) => session.id).sort()).toEqual([phone.id, laptop.id].sort())
    const stranger = await signIn(server, config, solanaKeypair())
    await expectRefusal(
      await withToken(server, config, stranger.token, path),
      403,
      'NOT_YOUR_SESSION',
    )
  })

  it('signs out one session; the account stays signed in on its other device', async () => {
    const { config, server, wallet } = await setup()
    const phone = await signIn(server, config, wallet)
    const laptop = await signIn(server, config, wallet)
    const out = await withToken(server, config, phone.token, SIWX_API_PATHS.signOut, {
      method: 'POST',
    })
    expect({ status: out.status, body: await out.json() }).toEqual({ status: 200, body: {} })
    await expectRefusal(await me(server, config, phone.token), 401, 'SESSION_EXPIRED')
    expect((await me(server, config, laptop.token)).status).toBe(200)
    // A signed-out token cannot sign out again, nor list.
    await expectRefusal(
      await withToken(server, config, phone.token, SIWX_API_PATHS.signOut, { method: 'POST' }),
      401,
      'SESSION_EXPIRED',
    )
  })

  it("revokes another of the account's sessions, never another account's", async () => {
    const { config, server, wallet } = await setup()
    const phone = await signIn(server, config, wallet)
    const laptop = await signIn(server, config, wallet)
    const stranger = await signIn(server, config, solanaKeypair())
    const revoke = (token: string, id: string) =>
      withToken(server, config, token, siwxRevokePath(id), { method: 'POST' })
    await expectRefusal(await revoke(stranger.token, laptop.id), 403, 'NOT_YOUR_SESSION')
    expect((await me(server, config, laptop.token)).status).toBe(200)
    expect((await revoke(stranger.token, 'no-such-session')).status).toBe(404)
    const revoked = await revoke(phone.token, laptop.id)
    expect(revoked.status).toBe(200)
    await expectRefusal(await me(server, config, laptop.token), 401, 'SESSION_EXPIRED')
    expect((await me(server, config, phone.token)).status).toBe(200)
  })

  it("ends at the message's expirationTime", async () => {
    let clock = Date.now()
    const { config, server, wallet } = await setup(() => clock)
    const { token } = await signIn(server, config, wallet)
    clock += SIWX_SESSION_TTL_SECONDS * 1000 - 1
    expect((await me(server, config, token)).status).toBe(200)
    clock += 1
    await expectRefusal(await me(server, config, token), 401, 'SESSION_EXPIRED')
  })

  it("refuses no token, a malformed one, an unknown one and another project's", async () => {
    const { config, server, wallet } = await setup()
    const { token } = await signIn(server, config, wallet)
    const bare = await server.fetch(
      new Request(`http://latch.test${SIWX_API_PATHS.me}?projectId=${config.projects[0]!.id}`),
    )
    await expectRefusal(bare, 401, 'SESSION_EXPIRED')
    expect(bare.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    await expectRefusal(await me(server, config, 'short'), 401, 'SESSION_EXPIRED')
    await expectRefusal(await me(server, config, 'A'.repeat(43)), 401, 'SESSION_EXPIRED')
    const other = siwxConfig([SOLANA_LOCALNET])
    const otherServer = await suite.server(other)
    await expectRefusal(await me(otherServer, other, token), 401, 'SESSION_EXPIRED')
    // The answer with a token is never cached.
    expect((await me(server, config, token)).headers.get('cache-control')).toBe('no-store')
  })
})
