import { inspect } from 'node:util'
import { CUSTODY_API_PATHS } from '@latch/core/api'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { authWorld, loginWithCode, uniqueEmail, useMailbox } from '../../test/auth-harness.js'
import { CUSTODY_ENV, randomShare, walletRequest } from '../../test/custody-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import { REDACTED, redactForLog } from './redact.js'

// Finding 11: no share reaches a log. A failed query's error quotes its parameters, in its
// message and in its `params`; the server's logger redacts both, and anything shaped like a
// 32-byte secret, before any sink sees it.

const mailbox = useMailbox()

/** Everything a logger could print of a value: its inspection, with causes and fields. */
const printed = (value: unknown) => inspect(value, { depth: 10 })

describe('redactForLog', () => {
  it('drops a failed query’s parameters and every share-shaped string, keeping the error readable', () => {
    const share = randomShare()
    const cause = Object.assign(new Error(`duplicate key near ${share}`), { code: '23505' })
    const error = new DrizzleQueryError(
      'insert into "custody_wallets" ("id", "server_share") values ($1, $2)',
      ['0b5d…', share],
      cause,
    )
    const redacted = redactForLog(error)
    expect(printed(error)).toContain(share)
    expect(printed(redacted)).not.toContain(share)
    expect(redacted).toBeInstanceOf(DrizzleQueryError)
    expect(redacted).toMatchObject({
      message: expect.stringContaining('Failed query: insert into "custody_wallets"'),
      params: REDACTED,
      cause: { code: '23505' },
    })
  })

  it('redacts fields named like secrets, at any depth, and leaves the rest', () => {
    const token = randomShare()
    expect(
      redactForLog({
        request: { refreshToken: 'short', body: { vaultShare: 'x', note: `bearer ${token}` } },
        address: '0x' + 'ab'.repeat(20),
        id: '8d6f2f7e-5d7c-4a53-9a55-2a1a3c3b0a11',
      }),
    ).toEqual({
      request: {
        refreshToken: REDACTED,
        body: { vaultShare: REDACTED, note: `bearer ${REDACTED}` },
      },
      address: '0x' + 'ab'.repeat(20),
      id: '8d6f2f7e-5d7c-4a53-9a55-2a1a3c3b0a11',
    })
  })
})

describeOnEachDatabase('the server’s log', (suite) => {
  it('holds no share when writing a wallet fails', async () => {
    const logged: unknown[] = []
    const world = await authWorld(
      suite,
      mailbox(),
      {},
      {
        env: CUSTODY_ENV,
        log: (error) => logged.push(error),
      },
    )
    const frame = await world.newFrame()
    const tokens = await loginWithCode(frame, mailbox(), uniqueEmail('log'))
    // This user's wallet row cannot be written (a trigger of this test only, on its user).
    const userId = tokens.user.id.replace(/[^0-9a-f-]/g, '')
    const db = suite.database().db
    await db.execute(
      sql.raw(`create or replace function refuse_wallet_${userId.replaceAll('-', '')}()
      returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger refuse_wallet_${userId.replaceAll('-', '')}
      before insert on custody_wallets for each row when (new.user_id = '${userId}')
      execute function refuse_wallet_${userId.replaceAll('-', '')}()`),
    )

    const request = await walletRequest(tokens.user.id)
    const failed = await frame.call(CUSTODY_API_PATHS.wallet, request, {
      accessToken: tokens.accessToken,
    })
    expect(failed.status).toBe(500)
    expect(logged).toHaveLength(1)
    expect(printed(logged[0])).toContain('custody_wallets')
    expect(printed(logged[0])).not.toContain(request.serverShare)
    expect(printed(logged[0])).not.toContain(request.vaultShare)
  })
})
