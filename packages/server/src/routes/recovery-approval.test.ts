import { CUSTODY_API_PATHS, custodyErrorSchema } from '@latch/core/api'
import { calculateJwkThumbprint } from 'jose'
import { expect, it } from 'vitest'
import { expectJson } from '../../test/auth-harness.js'
import { CUSTODY_ENV, createTestWallet, recoverShares } from '../../test/custody-harness.js'
import {
  farcasterLogin,
  farcasterWorld,
  newFarcasterAccount,
  useFarcasterChain,
} from '../../test/farcaster-app.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// Finding 2: a sign-in alone (here Farcaster's, which vouches for no email) never lets a new
// device rebuild the wallet. The account's first device is approved by making the account;
// every later one waits for a second factor: here, the first device's approval by key.

const chain = useFarcasterChain()

const custodyError = async (response: Response, status: number) =>
  custodyErrorSchema.parse(await expectJson(response, status))

describeOnEachDatabase('device approval before recovery', (suite) => {
  it('a Farcaster sign-in on a new device gets no share until the first device approves it', async () => {
    const world = await farcasterWorld(suite, chain(), {}, { env: CUSTODY_ENV })
    const account = await newFarcasterAccount(chain())
    const laptop = await world.newFrame()
    const first = await farcasterLogin(world, laptop, account)
    const { address } = await createTestWallet(laptop, first.accessToken, first.user.id)

    const phone = await world.newFrame()
    const second = await farcasterLogin(world, phone, account)
    expect(second.user).toEqual(first.user)
    const recover = () =>
      phone.call(CUSTODY_API_PATHS.recoverServerShare, {}, { accessToken: second.accessToken })
    const refused = await custodyError(await recover(), 403)
    expect(refused.code).toBe('DEVICE_NOT_APPROVED')
    // No address to mail: the refusal says where the approval comes from instead.
    expect(refused.error).toMatch(/from a device where you already use this wallet/)

    const phoneKey = await calculateJwkThumbprint(phone.device.jwk)
    const approve = (frame: typeof laptop, accessToken: string, jkt: string) =>
      frame.call(CUSTODY_API_PATHS.approveDevice, { jkt }, { accessToken })
    // A pending device cannot approve itself, nor can an approved one name a key the account
    // has no pending device for.
    const self = await approve(phone, second.accessToken, phoneKey)
    expect((await custodyError(self, 403)).code).toBe('DEVICE_NOT_APPROVED')
    const laptopKey = await calculateJwkThumbprint(laptop.device.jwk)
    for (const jkt of [laptopKey, 'A'.repeat(43)]) {
      const none = await approve(laptop, first.accessToken, jkt)
      expect((await custodyError(none, 404)).code).toBe('NO_PENDING_DEVICE')
    }

    expect(await expectJson(await approve(laptop, first.accessToken, phoneKey), 200)).toEqual({
      approved: true,
    })
    expect((await recoverShares(phone, second.accessToken)).address).toBe(address)
    // Once approved, it stays so: a second approval finds nothing pending.
    const again = await approve(laptop, first.accessToken, phoneKey)
    expect((await custodyError(again, 404)).code).toBe('NO_PENDING_DEVICE')
  })

  it('a sign-in on an account that lost nothing yet: its first device needs no approval', async () => {
    const world = await farcasterWorld(suite, chain(), {}, { env: CUSTODY_ENV })
    const account = await newFarcasterAccount(chain())
    const laptop = await world.newFrame()
    const first = await farcasterLogin(world, laptop, account)
    await createTestWallet(laptop, first.accessToken, first.user.id)
    // The device that made the wallet may take it back (after its browser lost its copy).
    await recoverShares(laptop, first.accessToken)
  })
})
