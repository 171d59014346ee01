import { CUSTODY_API_PATHS } from '@latch/core/api'
import { expect, it } from 'vitest'
import {
  authWorld,
  expectJson,
  loginOnNewDevice,
  loginWithCode,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import { CUSTODY_ENV, createTestWallet } from '../../test/custody-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// Finding 9: the user is told of a share release, by mail, naming the app, the time and the
// browser, so a recovery they did not make does not go unseen.

const mailbox = useMailbox()
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0'

describeOnEachDatabase('the share release notice', (suite) => {
  it('mails the account once the key’s last share is released: the app, the time, the browser', async () => {
    const world = await authWorld(suite, mailbox(), {}, { env: CUSTODY_ENV })
    const laptop = await world.newFrame()
    const email = uniqueEmail('notice')
    const first = await loginWithCode(laptop, mailbox(), email)
    await createTestWallet(laptop, first.accessToken, first.user.id)
    const { frame: phone, tokens } = await loginOnNewDevice(world, mailbox(), email)
    const before = (await mailbox().messages(email)).length
    const recover = (path: string) =>
      phone.call(path, {}, { accessToken: tokens.accessToken, headers: { 'user-agent': FIREFOX } })
    await expectJson(await recover(CUSTODY_API_PATHS.recoverServerShare), 200)
    // Share 2 alone rebuilds nothing: no notice yet.
    expect(await mailbox().messages(email)).toHaveLength(before)
    await expectJson(await recover(CUSTODY_API_PATHS.recoverVaultShare), 200)
    const notice = await mailbox().waitForMessage(email, { count: before + 1 })
    expect(notice.subject).toBe('Your wallet was recovered on a device')
    expect(notice.text).toContain(`App: ${world.projectId}`)
    expect(notice.text).toContain(`Time: ${new Date(world.clock.now()).toUTCString()}`)
    expect(notice.text).toContain('Browser: Firefox on Linux')
    expect(notice.html).toContain('Browser: Firefox on Linux')
  })
})
