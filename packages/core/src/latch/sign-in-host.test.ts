import { describe, expect, it } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { selectStatus } from '../machines/connection.selectors.js'
import { selectIsCloseDisabled } from '../machines/modal.selectors.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { fakeWallet } from '../test/fake-adapter.js'
import { outcomeOf, settleTimers as settle } from '../test/host-outcome.js'
import { hostBackend, useSignInPages, WALLET } from '../test/sign-in-world.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

/*
 * Issue 30 through createLatch with no view: a session across reloads, and what a host
 * without React calls (signIn, getSession, signOut, the subscription). The Latch server's
 * backend is proven in the playground's Chromium tests against the real server.
 */

const open = useSignInPages()

describe('a session that survives a reload', () => {
  it('the next load finds the session: no prompt, and getSession() answers', async () => {
    const visit = {
      storage: createMemoryStorage(),
      backend: hostBackend(),
      wallet: fakeWallet(WALLET),
    }
    const first = open({ ...visit, siwx: { required: true } })
    await first.connect()
    first.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await first.wallet('sign')
    first.latch.destroy()

    const next = open({ ...visit, siwx: { required: true } })
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBeUndefined()
    expect(next.prompts).toHaveLength(0)
    expect((await next.latch.getSession())?.data.nonce).toBe('nonce1')
    expect(selectIsCloseDisabled(next.modal())).toBe(false)
  })

  /** A visit that connected and left without signing in: the next load reconnects its wallet. */
  async function visitWithoutSession() {
    const visit = {
      storage: createMemoryStorage(),
      backend: hostBackend(),
      wallet: fakeWallet(WALLET),
    }
    const first = open(visit)
    await first.connect()
    first.latch.close()
    first.latch.destroy()
    return visit
  }

  it('required, and the session is gone: the reconnected wallet is asked to sign in', async () => {
    const visit = await visitWithoutSession()
    const next = open({ ...visit, siwx: { required: true } })
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBe('SIWXSignMessage')
    expect(selectIsCloseDisabled(next.modal())).toBe(true)
  })

  it('optional, and no session: a reload asks nothing', async () => {
    const next = open(await visitWithoutSession())
    await settle()
    expect(selectStatus(next.latch.connection.getSnapshot())).toBe('connected')
    expect(next.view()).toBeUndefined()
  })
})

describe('a host without React: signIn, getSession, signOut and the subscription', () => {
  it('signIn() opens SIWXSignMessage, asks the wallet at once and resolves with the session', async () => {
    const p = open()
    const states: string[] = []
    const stop = p.latch.subscribeSignIn((state) => states.push(state.status))
    await p.connect()
    p.latch.close()
    await settle()
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(p.prompts).toHaveLength(1)
    await p.wallet('sign')
    expect(signed.value?.data.nonce).toBe('nonce1')
    expect(states).toContain('signedIn')

    // Signed in already: at once, with no prompt.
    await expect(p.latch.signIn()).resolves.toMatchObject({ data: { nonce: 'nonce1' } })
    expect(p.prompts).toHaveLength(1)

    await p.latch.signOut()
    expect(await p.latch.getSession()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(0)
    expect(states.at(-1)).toBe('signedOut')
    stop()
  })

  it('signIn() while SIWXSignMessage is on show (a connect() left it open) asks the wallet at once', async () => {
    // connect() opens the modal, so after the connect the router shows SIWXSignMessage: a page
    // without views has nothing to press Sign, and signIn() reaches the run on show instead.
    const p = open()
    const connected = outcomeOf(p.latch.connect({ connectorId: WALLET }))
    await settle()
    expect(connected.value?.acct).toBe(p.latch.getAccount().address)
    expect([p.view(), p.step()]).toEqual(['SIWXSignMessage', 'ready'])
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    expect([p.step(), p.prompts.length]).toEqual(['awaitingWallet', 1])
    await p.wallet('sign')
    expect(signed.value?.data.nonce).toBe('nonce1')
    expect(p.view()).toBeUndefined()

    // After a refusal too: signIn() is the host's Try again.
    await p.latch.signOut()
    p.latch.open({ route: route('SIWXSignMessage') })
    await settle()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('reject')
    expect(p.step()).toBe('failed')
    const again = outcomeOf(p.latch.signIn())
    await settle()
    await p.wallet('sign')
    expect(again.value?.data.nonce).toBe('nonce3')
  })

  it('signIn() rejects USER_REJECTED when the modal closes first, and without a wallet', async () => {
    const p = open()
    await expect(p.latch.signIn()).rejects.toSatisfy((e) =>
      isLatchError(e, 'NO_ACTIVE_CAIP_ADDRESS'),
    )
    await p.connect()
    const signed = outcomeOf(p.latch.signIn())
    await settle()
    p.latch.close()
    await settle()
    expect(isLatchError(signed.error, 'USER_REJECTED')).toBe(true)
  })

  it("without sign-in options every call rejects with 'SIWX is not enabled'", async () => {
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      { storage: createMemoryStorage() },
    )
    for (const call of [latch.getSession(), latch.signIn(), latch.signOut()]) {
      await expect(call).rejects.toThrow('SIWX is not enabled')
    }
    latch.destroy()
  })

  it('signOutOnDisconnect revokes the session when the wallet disconnects', async () => {
    const p = open({ siwx: { signOutOnDisconnect: true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.backend.sessions).toHaveLength(1)
    await p.latch.disconnect()
    await settle()
    expect(p.backend.sessions).toHaveLength(0)
  })
})
