import { describe, expect, it } from 'vitest'
import { selectSignIn } from '../flows/sign-in/sign-in.selectors.js'
import { selectStatus } from '../machines/connection.selectors.js'
import { selectIsCloseDisabled, selectModalState } from '../machines/modal.selectors.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { outcomeOf, settleTimers as settle } from '../test/host-outcome.js'
import { PAGE, useSignInPages, WALLET } from '../test/sign-in-world.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * Issue 30 through createLatch with no view (SPEC §4 "Sign-in flow"): a host's own sign-in
 * backend, a wallet that signs, and what the router does around them. The Latch server's
 * backend is proven in the playground's Chromium tests against the real server.
 */

const open = useSignInPages()

describe('sign-in after a connect (SPEC §4)', () => {
  it('shows SIWXSignMessage; Sign asks the wallet, stores the session and closes the modal', async () => {
    const p = open()
    await p.connect()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectFlow(p.latch.actor.getSnapshot())).toBe('signingIn')
    expect(p.step()).toBe('ready')
    expect(p.prompts).toHaveLength(0)

    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.step()).toBe('awaitingWallet')
    expect(p.prompts[0]!.request.message).toBe(
      `app.example sign in ${p.latch.getAccount().address} nonce1`,
    )
    await p.wallet('sign')

    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(1)
    const session = await p.latch.getSession()
    expect(session?.data).toMatchObject({ chainId: 'eip155:31337', nonce: 'nonce1' })
    expect(session?.signature).toBe(`signed(${session?.message})`)
  })

  it('a wallet with a sign-in of its own signs the text it writes from the data', async () => {
    const p = open({
      ownSignIn: (data) => `${data.domain} sign in ${data.accountAddress} ${data.nonce}`,
    })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.prompts).toHaveLength(0)
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions[0]?.message).toBe(
      `app.example sign in ${p.latch.getAccount().address} nonce1`,
    )
  })

  it("a refused signature reads 'Signature declined', and Try again asks again", async () => {
    const p = open()
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('reject')
    expect(p.step()).toBe('failed')
    expect(selectSignIn(p.latch.signingIn?.getSnapshot()).error?.message).toBe('Signature declined')
    expect(p.view()).toBe('SIWXSignMessage')

    // A signature the verifier refuses is declined the same way, and nothing is stored.
    p.latch.signingIn?.send({ type: 'RETRY' })
    await settle()
    await p.wallet('forge')
    expect(selectSignIn(p.latch.signingIn?.getSnapshot()).error?.message).toBe('Signature declined')
    expect(p.backend.sessions).toHaveLength(0)

    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    expect(p.prompts).toHaveLength(3)
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions).toHaveLength(1)
  })

  it('Cancel closes the modal and keeps the wallet connected when sign-in is optional', async () => {
    const p = open()
    await p.connect()
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
    p.latch.signingIn?.send({ type: 'CANCEL' })
    await settle()
    expect(p.view()).toBeUndefined()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('connected')
    expect(await p.latch.getSession()).toBeUndefined()
  })

  it('required: Close is refused with a shake until signed in, and Cancel disconnects', async () => {
    const p = open({ siwx: { required: true } })
    await p.connect()
    expect(selectIsCloseDisabled(p.modal())).toBe(true)
    p.latch.close()
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectModalState(p.modal()).shake).toBe(true)

    p.latch.signingIn?.send({ type: 'CANCEL' })
    await settle()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('disconnected')
    // Disconnected, nothing holds the modal: it can be closed again.
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
  })

  it('required: once signed in, Close works again', async () => {
    const p = open({ siwx: { getRequired: () => true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    p.latch.open()
    await settle()
    expect(p.view()).toBe('Account')
    expect(selectIsCloseDisabled(p.modal())).toBe(false)
  })

  it('required: the wallet moves to another chain with no session there, and is asked again', async () => {
    const p = open({ siwx: { required: true } })
    await p.connect()
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()

    // Sessions are per chain: on devnet B there is none, and Close would be held without a view.
    p.fake.wallets[0]!.chainReference = '31338'
    p.fake.emit({ type: 'chainChanged', connectorId: WALLET, chainReference: '31338' })
    await settle()
    expect(p.view()).toBe('SIWXSignMessage')
    expect(selectIsCloseDisabled(p.modal())).toBe(true)
    p.latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    await p.wallet('sign')
    expect(p.view()).toBeUndefined()
    expect(p.backend.sessions.map((s) => s.data.chainId)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('open({ siwx: false }) connects without a sign-in prompt, even where it is required', async () => {
    const p = open({ siwx: { required: true } })
    p.latch.open({ siwx: false })
    await settle()
    p.latch.open({ siwx: false, route: route('ConnectingExternal', { connectorId: WALLET }) })
    await settle()
    expect(selectStatus(p.latch.connection.getSnapshot())).toBe('connected')
    expect(p.view()).toBeUndefined()
    expect(p.prompts).toHaveLength(0)
  })
})

describe('the legacy siweConfig, and connect({ siwx: false })', () => {
  it('signs in with the host’s SIWE nonce, message and verifier (EVM only)', async () => {
    const verified: string[] = []
    let signedIn: { address: string; chainId: number } | null = null
    const fake = createFakeAdapter('eip155', [fakeWallet(WALLET)])
    const latch = createLatch(
      {
        projectId: 'p',
        networks: [devnetA],
        adapters: [fake.adapter],
        siweConfig: {
          getNonce: async () => 'siwenonce1',
          createMessage: (args) => `${args.domain} ${args.address} ${args.chainId} ${args.nonce}`,
          verifyMessage: async ({ message, signature }) => {
            verified.push(message)
            const ok = signature.startsWith('0x')
            if (ok) signedIn = { address: fake.wallets[0]!.accounts[0]!.address, chainId: 31337 }
            return ok
          },
          getSession: async () => signedIn,
          signOut: async () => ((signedIn = null), true),
        },
      },
      { storage: createMemoryStorage(), signInPageUri: () => PAGE },
    )
    latch.start()
    latch.open({ route: route('ConnectingExternal', { connectorId: WALLET }) })
    await settle()
    latch.signingIn?.send({ type: 'SIGN' })
    await settle()
    const address = latch.getAccount().address
    expect(verified).toEqual([`app.example eip155:31337:${address} 31337 siwenonce1`])
    expect(selectModalState(latch.modal.getSnapshot()).open).toBe(false)
    expect((await latch.getSession())?.data.accountAddress).toBe(address)
    await latch.signOut()
    expect(await latch.getSession()).toBeUndefined()
    latch.destroy()
  })

  it('connect({ siwx: false }) resolves with no sign-in on show, where it is required', async () => {
    const p = open({ siwx: { required: true } })
    const connected = outcomeOf(p.latch.connect({ connectorId: WALLET, siwx: false }))
    await settle()
    expect(connected.settled).toBe(true)
    expect(p.view()).toBeUndefined()
    expect(p.prompts).toHaveLength(0)
  })
})
