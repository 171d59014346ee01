import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { LatchError } from '../errors/latch-error.js'
import { fakeSession } from '../test/fake-walletconnect.js'
import type { WalletConnectEmitted, WalletConnectEvent } from './walletconnect.machine.js'
import { walletConnectMachine } from './walletconnect.machine.js'

/** A proposal actor that shows URI n at once, and records when each proposal is abandoned. */
function scripted() {
  const proposals: Array<{ aborted: boolean; answer: (event: WalletConnectEvent) => void }> = []
  const actor = fromCallback<WalletConnectEvent>(({ sendBack }) => {
    const proposal = { aborted: false, answer: sendBack }
    proposals.push(proposal)
    sendBack({ type: 'PROPOSING' })
    sendBack({ type: 'URI_READY', uri: `wc:uri-${proposals.length}@2`, createdAt: Date.now() })
    return () => {
      proposal.aborted = true
    }
  })
  const machine = walletConnectMachine.provide({ actors: { pairWallet: actor } })
  const run = createActor(machine).start()
  return { run, proposals }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.UTC(2026, 10, 21, 12, 0, 0))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('pairing machine (SPEC §4: a pairing lasts 4 min, its link expires ~10 s early)', () => {
  it('shows the URI with its link expiry, 3 min 50 s after it was made', () => {
    const { run } = scripted()
    run.send({ type: 'PAIR', walletId: 'w1' })
    const { context } = run.getSnapshot()
    expect(run.getSnapshot().matches({ pairing: 'showingUri' })).toBe(true)
    expect(context.uri).toBe('wc:uri-1@2')
    expect(context.walletId).toBe('w1')
    expect(context.linkExpiresAt).toBe(Date.now() + 230_000)
  })

  it('replaces the URI when its link expires while the view is open, abandoning the old one', () => {
    const { run, proposals } = scripted()
    run.send({ type: 'PAIR' })
    vi.advanceTimersByTime(229_999)
    expect(run.getSnapshot().context.uri).toBe('wc:uri-1@2')
    expect(proposals).toHaveLength(1)

    vi.advanceTimersByTime(1)
    expect(proposals).toHaveLength(2)
    expect(proposals[0]!.aborted).toBe(true)
    expect(run.getSnapshot().context.uri).toBe('wc:uri-2@2')
    expect(run.getSnapshot().context.generation).toBe(2)

    // And again, 230 s after the second one was made.
    vi.advanceTimersByTime(230_000)
    expect(run.getSnapshot().context.uri).toBe('wc:uri-3@2')
  })

  it('stops when the view closes: the proposal is abandoned and no new URI is made', () => {
    const { run, proposals } = scripted()
    run.send({ type: 'PAIR' })
    run.send({ type: 'STOP' })
    expect(run.getSnapshot().value).toBe('idle')
    expect(run.getSnapshot().context.uri).toBeUndefined()
    expect(proposals[0]!.aborted).toBe(true)
    vi.advanceTimersByTime(600_000)
    expect(proposals).toHaveLength(1)
  })

  it('emits the approved session', () => {
    const { run, proposals } = scripted()
    const approved: WalletConnectEmitted[] = []
    run.on('approved', (event) => approved.push(event))
    run.send({ type: 'PAIR' })
    proposals[0]!.answer({ type: 'APPROVED', session: fakeSession() })
    expect(run.getSnapshot().value).toBe('approved')
    expect(approved).toEqual([{ type: 'approved', session: fakeSession() }])
    // No URI rotation after approval.
    vi.advanceTimersByTime(600_000)
    expect(proposals).toHaveLength(1)
  })

  it('keeps a rejection for the view, and Retry proposes again with a fresh URI', () => {
    const { run, proposals } = scripted()
    run.send({ type: 'PAIR' })
    proposals[0]!.answer({ type: 'FAILED', error: new LatchError('USER_REJECTED') })
    expect(run.getSnapshot().value).toBe('failed')
    expect(run.getSnapshot().context.error?.message).toBe('User rejected the request.')
    expect(run.getSnapshot().context.uri).toBeUndefined()

    run.send({ type: 'RETRY' })
    expect(run.getSnapshot().context.error).toBeUndefined()
    expect(run.getSnapshot().context.uri).toBe('wc:uri-2@2')
  })

  it('fails as relay-unreachable when no URI comes 15 s after the proposal went out, and Retry tries again', () => {
    const proposals: Array<{ aborted: boolean }> = []
    const silentRelay = fromCallback<WalletConnectEvent>(({ sendBack }) => {
      const proposal = { aborted: false }
      proposals.push(proposal)
      sendBack({ type: 'PROPOSING' })
      return () => {
        proposal.aborted = true
      }
    })
    const run = createActor(
      walletConnectMachine.provide({ actors: { pairWallet: silentRelay } }),
    ).start()
    run.send({ type: 'PAIR' })
    vi.advanceTimersByTime(14_999)
    expect(run.getSnapshot().matches({ pairing: 'waitingForUri' })).toBe(true)

    vi.advanceTimersByTime(1)
    expect(run.getSnapshot().value).toBe('failed')
    expect(run.getSnapshot().context.error?.code).toBe('RELAY_UNREACHABLE')
    expect(run.getSnapshot().context.error?.message).toBe(
      'The WalletConnect relay could not be reached. Check the connection and try again.',
    )
    expect(proposals[0]!.aborted).toBe(true)

    run.send({ type: 'RETRY' })
    expect(proposals).toHaveLength(2)
    expect(run.getSnapshot().matches({ pairing: 'waitingForUri' })).toBe(true)
  })

  it('does not count a slow client download against the relay: the wait starts at PROPOSING', () => {
    let propose!: () => void
    let showUri!: () => void
    const slowDownload = fromCallback<WalletConnectEvent>(({ sendBack }) => {
      propose = () => sendBack({ type: 'PROPOSING' })
      showUri = () => sendBack({ type: 'URI_READY', uri: 'wc:late@2', createdAt: Date.now() })
    })
    const run = createActor(
      walletConnectMachine.provide({ actors: { pairWallet: slowDownload } }),
    ).start()
    run.send({ type: 'PAIR' })
    vi.advanceTimersByTime(60_000)
    expect(run.getSnapshot().matches({ pairing: 'loadingClient' })).toBe(true)

    propose()
    vi.advanceTimersByTime(14_000)
    showUri()
    expect(run.getSnapshot().matches({ pairing: 'showingUri' })).toBe(true)
    // The relay's wait ended with the URI: no failure later.
    vi.advanceTimersByTime(10_000)
    expect(run.getSnapshot().context.uri).toBe('wc:late@2')
  })

  it('fails with the SPEC text when no WalletConnect client is configured', () => {
    const run = createActor(walletConnectMachine).start()
    run.send({ type: 'PAIR' })
    expect(run.getSnapshot().value).toBe('failed')
    expect(run.getSnapshot().context.error?.message).toBe('WalletConnectConnector not found')
  })
})
