import { SIWX_API_PATHS } from '@latch/core/api'
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { ServerConfig } from '../config/schema.js'
import { createServer, type LatchServer } from '../server.js'
import { createTestDatabase, type TestDatabase } from '../testing/postgres-cluster.js'
import { solanaKeypair } from '../../test/solana-signer.js'
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

// Two server instances on one PostgreSQL database, each with its own connection pool, as two
// processes behind a load balancer would be: the nonce and the session are the database's, so
// the instances answer as one.

describe('Sign-in across two instances on one PostgreSQL', () => {
  let database: TestDatabase | undefined
  const servers: LatchServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
    await database?.drop()
    database = undefined
  })

  /** Two instances of a fresh project on a fresh database. */
  const twoInstances = async (): Promise<[ServerConfig, LatchServer, LatchServer]> => {
    database = await createTestDatabase(inject('postgresUrl'))
    const config = siwxConfig([SOLANA_LOCALNET])
    const start = () =>
      createServer(config, { mode: 'development', databaseUrl: database!.url, indexer: false })
    const a = await start()
    servers.push(a)
    const b = await start()
    servers.push(b)
    return [config, a, b]
  }

  it('signs in on B with a message from A; me on A; sign-out on B ends it on A', async () => {
    const [config, a, b] = await twoInstances()
    const wallet = solanaKeypair()
    const written = await messageFor(a, config, {
      chainId: SOLANA_LOCALNET,
      accountAddress: wallet.address,
    })
    const { token } = await sessionFrom(
      await sendSignature(b, config, await signed(written, wallet.sign)),
    )
    expect((await withToken(a, config, token, SIWX_API_PATHS.me)).status).toBe(200)
    const out = await withToken(b, config, token, SIWX_API_PATHS.signOut, { method: 'POST' })
    expect(out.status).toBe(200)
    await expectRefusal(
      await withToken(a, config, token, SIWX_API_PATHS.me),
      401,
      'SESSION_EXPIRED',
    )
  })

  it('refuses on B a nonce spent on A, and spends a nonce raced on both exactly once', async () => {
    const [config, a, b] = await twoInstances()
    const wallet = solanaKeypair()
    const ask = () =>
      messageFor(a, config, { chainId: SOLANA_LOCALNET, accountAddress: wallet.address })
    const spent = await signed(await ask(), wallet.sign)
    await sessionFrom(await sendSignature(a, config, spent))
    await expectRefusal(await sendSignature(b, config, spent), 400, 'NONCE_EXPIRED')
    // The same signed message sent to both at once, a few times over: one session each time.
    for (let round = 0; round < 5; round++) {
      const raced = await signed(await ask(), wallet.sign)
      const answers = await Promise.all([
        sendSignature(a, config, raced),
        sendSignature(b, config, raced),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    }
  })
})
