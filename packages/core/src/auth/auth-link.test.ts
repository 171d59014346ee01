import { FrameError } from '@latch/frame'
import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapter/contract.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { createLatchStorage } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createAuthFrame } from './auth-frame.js'
import { AUTH_CONNECTOR_ID } from './auth-connector.js'
import { createAuthLink } from './auth-link.js'
import { emailLoginActors } from '../flows/email/email.runtime.js'
import { emailLoginMachine } from '../flows/email/email-login.machine.js'
import type { FrameRpcError } from './frame-provider.js'
import { scriptedFrame } from '../testing/scripted-frame.js'

function setup(handlers: Parameters<typeof scriptedFrame>[0], stored: { flag?: boolean } = {}) {
  const storage = createLatchStorage({ port: createMemoryStorage() })
  if (stored.flag) {
    storage.set('emailLoginUsed', true)
    storage.set('email', 'ada@example.com')
  }
  const scripted = scriptedFrame(handlers)
  const { loader, mount } = scripted.authFrame
  const seen = {
    get options() {
      return scripted.options()
    },
    requests: scripted.requests,
  }
  const { shown } = scripted
  const frame = createAuthFrame({
    serverUrl: 'http://127.0.0.1:4000/',
    projectId: 'project-1',
    chainId: 'eip155:31337',
    version: '0.0.0',
    loader,
    mount,
  })
  const lent: Array<string | undefined> = []
  const adapter: Pick<ChainAdapter, 'namespace' | 'setRemoteProvider'> = {
    namespace: 'eip155',
    setRemoteProvider: (id, provider) => lent.push(provider ? id : undefined),
  }
  const registry = new Map<ChainNamespace, ChainAdapter>([['eip155', adapter as ChainAdapter]])
  const link = createAuthLink({ frame, registry, storage })
  return { storage, seen, shown, frame, link, lent }
}

describe('the AUTH connector and its frame (SPEC §4 secure iframe)', () => {
  it('loads nothing until asked: no stored flag, no frame', async () => {
    const { link, frame, seen } = setup({})
    expect(link.shouldRestore()).toBe(false)
    expect(await link.restore()).toBe(false)
    expect(frame.started).toBe(false)
    expect(seen.options).toBeUndefined()
  })

  it('loads the frame from `${serverUrl}/secure-frame/` when a login starts, and logs in', async () => {
    const { link, seen, storage } = setup({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => undefined,
    })
    const actor = createActor(
      emailLoginMachine.provide({
        actors: emailLoginActors(
          async () => link,
          async () => {},
        ),
      }),
      {
        input: { storage },
      },
    ).start()
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ada@example.com' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'))
    expect(seen.options?.frameUrl).toBe('http://127.0.0.1:4000/secure-frame/')
    actor.send({ type: 'SUBMIT_CODE', otp: '123456' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('connected'))
    expect(seen.requests).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP'])
    expect(storage.get('emailLoginUsed')).toBe(true)
  })

  it('restores a returning visitor: flag stored and IS_CONNECTED true lends the provider', async () => {
    const { link, lent, seen } = setup(
      { IS_CONNECTED: () => ({ isConnected: true }) },
      { flag: true },
    )
    expect(link.shouldRestore()).toBe(true)
    expect(await link.restore()).toBe(true)
    expect(seen.requests).toEqual(['IS_CONNECTED'])
    expect(lent).toEqual([AUTH_CONNECTOR_ID])
  })

  it('clears the login cache when the frame says not connected', async () => {
    const { link, storage } = setup(
      { IS_CONNECTED: () => ({ isConnected: false }) },
      { flag: true },
    )
    storage.set('lastUsedChain', 'eip155')
    expect(await link.restore()).toBe(false)
    expect(storage.get('emailLoginUsed')).toBeUndefined()
    expect(storage.get('email')).toBeUndefined()
    expect(storage.get('lastUsedChain')).toBeUndefined()
  })

  it('signs out in the frame, clears the login cache and takes the provider back', async () => {
    const { link, storage, seen, lent } = setup(
      { IS_CONNECTED: () => ({ isConnected: true }), SIGN_OUT: () => undefined },
      { flag: true },
    )
    await link.restore()
    const onDisconnect = vi.fn()
    link.provider.on('disconnect', onDisconnect)
    await link.signOut()
    expect(seen.requests).toEqual(['IS_CONNECTED', 'SIGN_OUT'])
    expect(storage.get('emailLoginUsed')).toBeUndefined()
    expect(onDisconnect).toHaveBeenCalledOnce()
    expect(lent).toEqual([AUTH_CONNECTOR_ID, undefined])
  })

  it('sends RPC requests through the frame and shows the frame while it asks for approval', async () => {
    const { link, frame, seen, shown } = setup({
      RPC_REQUEST: (payload) => {
        const onNotice = seen.options?.onNotice
        onNotice?.({
          kind: 'notice',
          type: 'FRAME_APPROVAL_REQUESTED',
          payload: { id: 'r1', method: 'personal_sign' },
        })
        expect(frame.approval).toEqual({ id: 'r1', method: 'personal_sign' })
        onNotice?.({
          kind: 'notice',
          type: 'FRAME_APPROVAL_SETTLED',
          payload: { id: 'r1', approved: true },
        })
        expect(payload).toEqual({ method: 'personal_sign', params: ['0x68', '0x01'] })
        return `0x${'ab'.repeat(65)}`
      },
    })
    const changes: unknown[] = []
    frame.onApprovalChange((approval) => changes.push(approval?.method))
    const signature = await link.provider.request({
      method: 'personal_sign',
      params: ['0x68', '0x01'],
    })
    expect(signature).toMatch(/^0x/)
    expect(changes).toEqual(['personal_sign', undefined])
    expect(shown).toEqual([true, false])
    expect(frame.approval).toBeUndefined()
  })

  it('turns a decline in the frame into EIP-1193 code 4001', async () => {
    const { link } = setup({
      RPC_REQUEST: () => {
        throw new FrameError('remote', {
          event: 'RPC_REQUEST',
          remoteMessage: 'User rejected the request.',
        })
      },
    })
    const error = await link.provider
      .request({ method: 'eth_sendTransaction', params: [{}] })
      .catch((caught: FrameRpcError) => caught)
    expect(error).toMatchObject({ code: 4001 })
  })

  it("maps a timed-out request to 'Embedded Wallet Request Timed Out'", async () => {
    const { link } = setup({
      RPC_REQUEST: () => {
        throw new FrameError('iframe_request_timeout', { event: 'RPC_REQUEST' })
      },
    })
    await expect(link.provider.request({ method: 'eth_chainId' })).rejects.toThrow(
      'Embedded Wallet Request Timed Out',
    )
  })

  it("says 'Unable to load email login dependency' when the client code cannot load", async () => {
    const frame = createAuthFrame({
      serverUrl: 'http://127.0.0.1:4000',
      projectId: 'p',
      chainId: 1,
      version: '0',
      loader: () => Promise.reject(new Error('chunk failed')),
      mount: scriptedFrame({}).authFrame.mount,
    })
    await expect(frame.client()).rejects.toThrow('Unable to load email login dependency')
  })
})
