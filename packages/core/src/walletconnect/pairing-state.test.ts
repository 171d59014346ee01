import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { LatchError } from '../errors/latch-error.js'
import { selectPairing } from './pairing-state.js'
import { walletConnectMachine, type WalletConnectEvent } from './walletconnect.machine.js'

function run() {
  let answer: (event: WalletConnectEvent) => void = () => undefined
  const machine = walletConnectMachine.provide({
    actors: {
      pairWallet: fromCallback<WalletConnectEvent>(({ sendBack }) => {
        answer = sendBack
      }),
    },
  })
  const actor = createActor(machine).start()
  return { actor, answer: (event: WalletConnectEvent) => answer(event) }
}

describe('selectPairing: what the pairing views show', () => {
  it('waits until a URI is on show, then shows it with the chosen wallet', () => {
    const { actor, answer } = run()
    expect(selectPairing(actor.getSnapshot())).toEqual({ phase: 'waiting' })
    actor.send({ type: 'PAIR', walletId: 'w1' })
    expect(selectPairing(actor.getSnapshot())).toEqual({ phase: 'waiting', walletId: 'w1' })
    answer({ type: 'URI_READY', uri: 'wc:1@2', createdAt: 0 })
    expect(selectPairing(actor.getSnapshot())).toEqual({
      phase: 'showing',
      uri: 'wc:1@2',
      walletId: 'w1',
    })
  })

  it('tells a rejection in the wallet apart from other failures', () => {
    const rejected = run()
    rejected.actor.send({ type: 'PAIR' })
    rejected.answer({ type: 'FAILED', error: new LatchError('USER_REJECTED') })
    expect(selectPairing(rejected.actor.getSnapshot()).phase).toBe('rejected')

    const failed = run()
    failed.actor.send({ type: 'PAIR' })
    failed.answer({ type: 'FAILED', error: new LatchError('SIGN_CLIENT_NOT_INITIALIZED') })
    expect(selectPairing(failed.actor.getSnapshot())).toMatchObject({
      phase: 'failed',
      error: { message: 'Sign Client not initialized' },
    })
  })
})
